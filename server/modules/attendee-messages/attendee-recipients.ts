import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  type SQL,
} from "drizzle-orm";
import { isUuid } from "#contract/uuid.ts";
import { events, ticketTypes } from "#server/modules/events/events.schema.ts";
import { tickets } from "#server/modules/tickets/tickets.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";

/** Who a message is for: the event, and optionally some of its ticket types only. */
export type Audience = { eventId: string; ticketTypeIds: string[] | null };

/**
 * The current ticket holders of the audience: holders of a valid or checked-in ticket
 * (cancelled tickets and tickets waiting to be claimed have none), whose account is not
 * deleted. One person holding several tickets is one recipient.
 */
export function holderCondition(audience: Audience): SQL {
  const conditions = [
    eq(tickets.eventId, audience.eventId),
    inArray(tickets.status, ["valid", "checked-in"]),
    isNotNull(tickets.holderUserId),
    isNull(users.deletedAt),
  ];
  if (audience.ticketTypeIds)
    conditions.push(inArray(tickets.ticketTypeId, audience.ticketTypeIds));
  const condition = and(...conditions);
  if (!condition) throw new Error("no holder condition");
  return condition;
}

/**
 * The ticket types named, checked to be the event's: another event's type, a made-up or
 * malformed id all answer NOT_FOUND. An empty list means every type (null).
 */
export async function ticketTypesOfEvent(
  db: Executor,
  eventId: string,
  ticketTypeIds: string[] | undefined,
): Promise<string[] | null> {
  const wanted = [...new Set(ticketTypeIds ?? [])];
  if (wanted.length === 0) return null;
  const notFound = new FunctionError("NOT_FOUND", "Ticket type not found.");
  if (!wanted.every(isUuid)) throw notFound;
  const [row] = await db
    .select({ value: count() })
    .from(ticketTypes)
    .where(and(eq(ticketTypes.eventId, eventId), inArray(ticketTypes.id, wanted)));
  if ((row?.value ?? 0) !== wanted.length) throw notFound;
  return wanted.sort();
}

/** How many people the message would reach, and the first few names (for the preview). */
export async function previewRecipients(db: Executor, audience: Audience, names: number) {
  const where = holderCondition(audience);
  const [counted] = await db
    .select({ value: countDistinct(tickets.holderUserId) })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.holderUserId))
    .where(where);
  const sample = await db
    .selectDistinct({ name: users.name })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.holderUserId))
    .where(where)
    .orderBy(asc(users.name))
    .limit(names);
  return {
    count: counted?.value ?? 0,
    names: sample.map((row) => row.name ?? "Unnamed guest"),
  };
}

/**
 * The business's events a message can go to (published ones: a draft has no holders, a
 * cancelled one's holders were told), latest first, each with its ticket types.
 */
export async function messageableEvents(db: Executor, businessId: string) {
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      startsAt: events.startsAt,
      typeId: ticketTypes.id,
      typeName: ticketTypes.name,
    })
    .from(events)
    .leftJoin(ticketTypes, eq(ticketTypes.eventId, events.id))
    .where(and(eq(events.businessId, businessId), eq(events.status, "published")))
    .orderBy(desc(events.startsAt), asc(ticketTypes.position))
    .limit(500);
  const byId = new Map<
    string,
    { id: string; title: string; startsAt: string; ticketTypes: { id: string; name: string }[] }
  >();
  for (const row of rows) {
    const event = byId.get(row.id) ?? {
      id: row.id,
      title: row.title,
      startsAt: row.startsAt.toISOString(),
      ticketTypes: [],
    };
    if (row.typeId && row.typeName) event.ticketTypes.push({ id: row.typeId, name: row.typeName });
    byId.set(row.id, event);
  }
  return [...byId.values()];
}
