import { eq, sql } from "drizzle-orm";
import { bookings } from "#server/modules/bookings/bookings.schema.ts";
import { checkouts } from "#server/modules/payments/payments.schema.ts";
import type { DatabaseHandle } from "#server/platform/db/database.ts";
import { attendees, checkoutKit, holdOf } from "#tests/support/kits/checkout-test-kit.ts";
import type { StripePeer } from "#tests/support/stripe-peer.ts";

/**
 * Orders, refunds and the buyer's cancellation against the Stripe peer: the checkout kit
 * (its registry has orders' functions), card-paid bookings made by paying at the peer,
 * the organiser of an event as a caller, and the booking's row as stored.
 */
export async function ordersKit(database: DatabaseHandle, peer: StripePeer) {
  const kit = await checkoutKit(database, peer);
  type Buyer = Awaited<ReturnType<typeof kit.buyer>>;

  /** A booking of `quantity` tickets of one type, paid by card at the peer; its BookingView. */
  async function paidBooking(
    me: Buyer,
    eventId: string,
    typeId: string,
    quantity: number,
    // biome-ignore lint/suspicious/noExplicitAny: each test checks the result's shape
  ): Promise<any> {
    const hold = await holdOf(me, eventId, [{ ticketTypeId: typeId, quantity }]);
    const started = await me.call("payments.startCheckout", {
      holdId: hold.id,
      attendees: attendees(quantity),
    });
    const [row] = await database.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, started.checkoutId));
    await peer.pay(row?.providerCheckoutId ?? "");
    const status = await me.call("payments.checkoutStatus", { checkoutId: started.checkoutId });
    return me.call("bookings.get", { reference: status.bookingReference });
  }

  /** The owner of an event's business, calling functions. */
  const organiser = (owner: { id: string }) =>
    kit.as({ userId: owner.id, sessionId: "s", roles: [] });

  async function bookingRow(bookingId: string) {
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    if (!row) throw new Error("no booking");
    return row;
  }

  /** Sets an event's policy and its start relative to now (never the time of day). */
  async function setPolicy(
    eventId: string,
    policy: { allowed?: boolean; hours?: number; feePercent?: number; startsInMs?: number },
  ) {
    const startsAt =
      policy.startsInMs === undefined ? null : new Date(Date.now() + policy.startsInMs);
    await database.db.execute(sql`update events set
      attendee_cancellation = ${policy.allowed ?? true},
      cancellation_deadline_hours = ${policy.hours ?? 0},
      cancellation_fee_percent = ${policy.feePercent ?? 0},
      starts_at = coalesce(${startsAt?.toISOString() ?? null}::timestamptz, starts_at),
      ends_at = coalesce(${startsAt?.toISOString() ?? null}::timestamptz + interval '3 hours', ends_at)
      where id = ${eventId}::uuid`);
  }

  async function setTicketStatus(ticketId: string, status: string) {
    await database.db.execute(
      sql`update tickets set status = ${status} where id = ${ticketId}::uuid`,
    );
  }

  return { ...kit, paidBooking, organiser, bookingRow, setPolicy, setTicketStatus };
}
