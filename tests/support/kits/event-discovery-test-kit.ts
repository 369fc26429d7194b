import type { EventCategory, EventStatus } from "#contract/event-options.ts";
import type { TicketPaymentMethod } from "#contract/payment-options.ts";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { newShortId } from "#server/modules/events/event-ids.ts";
import { events, ticketTypes } from "#server/modules/events/events.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import type { Database } from "#server/platform/db/database.ts";
import { newPhone } from "#tests/support/phones.ts";

/** Discovery's test data, inserted directly: past events, any status, any `taken`. */
export const day = 86_400_000;

export type FixtureEvent = {
  title: string;
  inDays?: number;
  hours?: number;
  status?: EventStatus;
  category?: EventCategory;
  venueName?: string;
  description?: string;
  timeZone?: string;
  startsAt?: Date;
  /** The event's tax (default none, inclusive). */
  tax?: { rateBp: number; inclusive: boolean };
  tickets?: {
    priceMinor: number;
    capacity: number;
    taken?: number;
    currency?: string;
    paymentMethod?: TicketPaymentMethod;
    /** Sold only with an access code (decision 036). */
    hidden?: boolean;
  }[];
};

/** An owner and an active (or suspended) business, inserted directly. */
export async function fixtureBusiness(db: Database, status: "active" | "suspended" = "active") {
  const [owner] = await db
    .insert(users)
    .values({ name: "Owner", phone: newPhone("+447400") })
    .returning({ id: users.id });
  if (!owner) throw new Error("no owner");
  const [business] = await db
    .insert(businesses)
    .values({
      ownerId: owner.id,
      name: `Venue ${status}`,
      type: "venue",
      contactPhone: "+442071234567",
      contactEmail: "hello@example.com",
      address: "1 Test Street",
      status,
    })
    .returning({ id: businesses.id });
  if (!business) throw new Error("no business");
  return { ownerId: owner.id, businessId: business.id };
}

/** An event with its ticket types, `inDays` from now (negative: in the past). */
export async function fixtureEvent(db: Database, businessId: string, e: FixtureEvent) {
  const startsAt = e.startsAt ?? new Date(Date.now() + (e.inDays ?? 7) * day);
  const [row] = await db
    .insert(events)
    .values({
      shortId: newShortId(),
      businessId,
      title: e.title,
      description: e.description ?? "",
      venueName: e.venueName ?? "Town Hall",
      timeZone: e.timeZone ?? "Europe/London",
      startsAt,
      endsAt: new Date(startsAt.getTime() + (e.hours ?? 3) * 3_600_000),
      category: e.category ?? "music",
      status: e.status ?? "published",
      taxRateBp: e.tax?.rateBp ?? 0,
      taxInclusive: e.tax?.inclusive ?? true,
    })
    .returning();
  if (!row) throw new Error("no event");
  const tickets = e.tickets ?? [{ priceMinor: 1000, capacity: 100 }];
  if (tickets.length > 0) {
    await db.insert(ticketTypes).values(
      tickets.map((t, position) => ({
        eventId: row.id,
        name: `Ticket ${position + 1}`,
        priceMinor: t.priceMinor,
        currency: t.currency ?? "GBP",
        capacity: t.capacity,
        taken: t.taken ?? 0,
        paymentMethod: t.paymentMethod ?? "venue",
        hidden: t.hidden ?? false,
        position,
      })),
    );
  }
  return row;
}
