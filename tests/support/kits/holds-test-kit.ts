import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { newShortId } from "#server/modules/events/event-ids.ts";
import { events, ticketTypes } from "#server/modules/events/events.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { newPhone } from "#tests/support/phones.ts";

const hour = 60 * 60 * 1000;

/** A live user with a unique phone (and an email when given), for hold and booking tests. */
export async function makeUser(
  db: Executor,
  options: { email?: string; name?: string; notifyByEmail?: boolean } = {},
) {
  const [user] = await db
    .insert(users)
    .values({
      name: options.name ?? "Grace Hopper",
      phone: newPhone("+447700"),
      phoneVerifiedAt: new Date(),
      email: options.email ?? null,
      emailVerifiedAt: options.email ? new Date() : null,
      preferences:
        options.notifyByEmail === undefined
          ? {}
          : { notifyBy: { email: options.notifyByEmail, sms: false } },
    })
    .returning();
  if (!user) throw new Error("no user");
  return user;
}

export type TicketTypeSpec = {
  name?: string;
  capacity?: number;
  priceMinor?: number;
  perOrderLimit?: number;
  salesStartAt?: Date | null;
  salesEndAt?: Date | null;
};

/**
 * A published event of a fresh business, starting in `startsInHours` (default a week),
 * with the given ticket types (default one free type of capacity 100).
 */
export async function makeEvent(
  db: Executor,
  options: {
    types?: TicketTypeSpec[];
    startsInHours?: number;
    status?: "draft" | "published" | "cancelled";
    attendeeCancellation?: boolean;
  } = {},
) {
  const owner = await makeUser(db, { name: "Owner" });
  const [business] = await db
    .insert(businesses)
    .values({
      ownerId: owner.id,
      name: "Test Hall",
      type: "venue",
      contactPhone: "+442071234567",
      contactEmail: "hall@example.com",
      address: "1 Test Street",
    })
    .returning();
  if (!business) throw new Error("no business");
  const startsAt = new Date(Date.now() + (options.startsInHours ?? 24 * 7) * hour);
  const [event] = await db
    .insert(events)
    .values({
      shortId: newShortId(),
      businessId: business.id,
      title: "Concert of Tests",
      venueName: "Test Hall",
      timeZone: "Europe/London",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3 * hour),
      category: "music",
      status: options.status ?? "published",
      publishedAt: new Date(),
      attendeeCancellation: options.attendeeCancellation ?? true,
    })
    .returning();
  if (!event) throw new Error("no event");
  const specs = options.types ?? [{}];
  const types = await db
    .insert(ticketTypes)
    .values(
      specs.map((spec, index) => ({
        eventId: event.id,
        name: spec.name ?? `Type ${index + 1}`,
        priceMinor: spec.priceMinor ?? 0,
        currency: "EUR",
        capacity: spec.capacity ?? 100,
        perOrderLimit: spec.perOrderLimit ?? 10,
        salesStartAt: spec.salesStartAt ?? null,
        salesEndAt: spec.salesEndAt ?? null,
        position: index,
      })),
    )
    .returning();
  return { event, types, owner, business };
}

/** `taken` of a ticket type, and what it should be: live hold quantities plus live tickets. */
export async function inventoryOf(db: Executor, ticketTypeId: string) {
  const [row] = await rowsOf<{ taken: number; held: number; ticketed: number; capacity: number }>(
    db,
    sql`select t.taken, t.capacity,
      coalesce((select sum(hi.quantity) from hold_items hi join holds h on h.id = hi.hold_id
        where hi.ticket_type_id = t.id and h.status = 'active'), 0)::int as held,
      (select count(*) from tickets k where k.ticket_type_id = t.id
        and k.status in ('valid', 'checked-in'))::int as ticketed
      from ticket_types t where t.id = ${ticketTypeId}`,
  );
  if (!row) throw new Error("no ticket type");
  return {
    taken: Number(row.taken),
    held: Number(row.held),
    ticketed: Number(row.ticketed),
    capacity: Number(row.capacity),
  };
}

/** Makes a hold run out now (tests cannot wait minutes). */
export async function expireNow(db: Executor, holdId: string): Promise<void> {
  await db.execute(
    sql`update holds set expires_at = now() - interval '1 second' where id = ${holdId}`,
  );
}

export function newKey(): string {
  return randomUUID();
}

/** The i-th element, which the test knows is there (fails loudly otherwise). */
export function nth<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`no element ${index}`);
  return item;
}
