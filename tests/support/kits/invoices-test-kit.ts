import { sql } from "drizzle-orm";
import { newBookingReference } from "#server/modules/bookings/booking-reference.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { makeEvent, makeUser, nth } from "#tests/support/kits/holds-test-kit.ts";

// Test fixtures: card-paid bookings written as the checkout writes them, without a
// provider (the numbering and access rules do not depend on how the money came in).

/**
 * A published event of a fresh business ("Test Hall", "1 Test Street"), one ticket type
 * "Standard" at €20.00, tax 20 % added on top; invoices on with a tax id unless told.
 */
export async function invoicedEvent(db: Executor, options: { invoices?: boolean } = {}) {
  const made = await makeEvent(db, { types: [{ name: "Standard", priceMinor: 2000 }] });
  await db.execute(sql`update events set tax_rate_bp = 2000, tax_inclusive = false
    where id = ${made.event.id}`);
  await db.execute(sql`update businesses set invoices_enabled = ${options.invoices ?? true},
      tax_id = 'GB123456789', address = '1 Test Street, London'
    where id = ${made.business.id}`);
  return { ...made, type: nth(made.types, 0) };
}

/**
 * A booking of `quantity` Standard tickets at €20.00, paid by card ending 4242: fee €1.30
 * a ticket, tax €4.00 a ticket (`provider` "venue" or "free" for the other kinds), with
 * its tickets. Returns its id and reference.
 */
export async function paidBooking(
  db: Executor,
  made: Awaited<ReturnType<typeof invoicedEvent>>,
  options: { quantity?: number; provider?: "stripe" | "venue" | "free"; buyerId?: string } = {},
) {
  const quantity = options.quantity ?? 2;
  const provider = options.provider ?? "stripe";
  const buyerId =
    options.buyerId ??
    (await makeUser(db, { email: `buyer-${crypto.randomUUID()}@example.com` })).id;
  const card = provider === "stripe";
  const fees = card ? 130 * quantity : 0;
  const tax = 400 * quantity;
  const [hold] = await rowsOf<{ id: string }>(
    db,
    sql`insert into holds (user_id, event_id, status, expires_at, ended_at)
        values (${buyerId}::uuid, ${made.event.id}::uuid, 'converted', now(), now())
        returning id`,
  );
  const [booking] = await rowsOf<{ id: string; reference: string }>(
    db,
    sql`insert into bookings (reference, user_id, event_id, hold_id, payment_status,
          payment_provider, total_minor, fees_minor, tax_minor, currency, card_last4)
        values (${newBookingReference()}, ${buyerId}::uuid, ${made.event.id}::uuid,
          ${hold?.id}::uuid, ${card ? "paid" : provider === "venue" ? "unpaid" : "not-required"},
          ${provider}, ${2000 * quantity + fees + tax}, ${fees}, ${tax}, 'EUR',
          ${card ? "4242" : null})
        returning id, reference`,
  );
  if (!booking) throw new Error("no booking");
  await db.execute(sql`insert into booking_items
      (booking_id, ticket_type_id, name, quantity, unit_price_minor, currency)
    values (${booking.id}::uuid, ${made.type.id}::uuid, 'Standard', ${quantity}, 2000, 'EUR')`);
  for (let i = 0; i < quantity; i += 1) {
    await db.execute(sql`insert into tickets (booking_id, event_id, ticket_type_id,
        holder_user_id, attendee_name, secret)
      values (${booking.id}::uuid, ${made.event.id}::uuid, ${made.type.id}::uuid,
        ${buyerId}::uuid, ${`Attendee ${i + 1}`}, ${crypto.randomUUID()})`);
  }
  return { ...booking, buyerId };
}
