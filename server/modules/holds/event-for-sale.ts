import { sql } from "drizzle-orm";
import type { EventStatus } from "#contract/event-options.ts";
import { isUuid } from "#contract/uuid.ts";
import { listWaitingSql } from "#server/modules/events/waiting-list-gate.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

export type TicketTypeForSale = {
  id: string;
  name: string;
  priceMinor: number;
  currency: string;
  capacity: number;
  taken: number;
  /** Someone waits in its waiting list: its free tickets are not the public's. */
  listWaiting: boolean;
  /** Sold only to a hold whose code names it (decision 036). */
  hidden: boolean;
  perOrderLimit: number;
  salesStartAt: Date | null;
  salesEndAt: Date | null;
};

export type EventForSale = {
  id: string;
  shortId: string;
  title: string;
  status: EventStatus;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  venueName: string;
  businessActive: boolean;
  attendeeCancellation: boolean;
  ticketTypes: TicketTypeForSale[];
};

type Row = {
  id: string;
  short_id: string;
  title: string;
  status: EventStatus;
  starts_at: string | Date;
  ends_at: string | Date;
  time_zone: string;
  venue_name: string;
  business_status: string;
  attendee_cancellation: boolean;
  ticket_types: Record<string, unknown>[] | string;
  active_hold_id?: string | null;
  keyed_hold_id?: string | null;
};

function dateOrNull(value: unknown): Date | null {
  return value === null || value === undefined ? null : new Date(value as string);
}

function eventOf(row: Row): EventForSale {
  const types =
    typeof row.ticket_types === "string" ? JSON.parse(row.ticket_types) : row.ticket_types;
  return {
    id: row.id,
    shortId: row.short_id,
    title: row.title,
    status: row.status,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    timeZone: row.time_zone,
    venueName: row.venue_name,
    businessActive: row.business_status === "active",
    attendeeCancellation: row.attendee_cancellation,
    ticketTypes: (types as Record<string, unknown>[]).map((t) => ({
      id: t.id as string,
      name: t.name as string,
      priceMinor: Number(t.priceMinor),
      currency: t.currency as string,
      capacity: Number(t.capacity),
      taken: Number(t.taken),
      listWaiting: t.listWaiting === true,
      hidden: t.hidden === true,
      perOrderLimit: Number(t.perOrderLimit),
      salesStartAt: dateOrNull(t.salesStartAt),
      salesEndAt: dateOrNull(t.salesEndAt),
    })),
  };
}

/**
 * An event as the hold needs it, by uuid or short id, in one round trip: its ticket types
 * with live `taken` and whether anyone waits in their waiting lists. Drafts are NOT_FOUND, as on the public page. Read without locks:
 * the hold statement re-checks everything that decides a sale.
 */
export async function loadEventForSale(db: Executor, eventRef: string): Promise<EventForSale> {
  return (await queryEvent(db, eventRef, null)).event;
}

type Caller = { userId: string; scope: string; key: string };

async function queryEvent(
  db: Executor,
  eventRef: string,
  caller: Caller | null,
): Promise<{ event: EventForSale; activeHoldId: string | null; keyedHoldId: string | null }> {
  const callerColumns = caller
    ? sql`,
      (select h.id from holds h where h.user_id = ${caller.userId}::uuid
         and h.event_id = e.id and h.status = 'active') as active_hold_id,
      (select k.hold_id from idempotency_keys k where k.user_id = ${caller.userId}::uuid
         and k.scope = ${caller.scope} and k.key = ${caller.key}) as keyed_hold_id`
    : sql``;
  const byId = isUuid(eventRef)
    ? sql`e.id = ${eventRef}::uuid`
    : sql`e.short_id = ${eventRef.toLowerCase()}`;
  const [row] = await rowsOf<Row>(
    db,
    sql`
    select e.id, e.short_id, e.title, e.status, e.starts_at, e.ends_at, e.time_zone,
           e.venue_name, e.attendee_cancellation, b.status as business_status,
           coalesce((select json_agg(json_build_object(
              'id', t.id, 'name', t.name, 'priceMinor', t.price_minor, 'currency', t.currency,
              'capacity', t.capacity, 'taken', t.taken,
              'listWaiting', ${listWaitingSql(sql`t.id`)}, 'hidden', t.hidden,
              'perOrderLimit', t.per_order_limit,
              'salesStartAt', t.sales_start_at, 'salesEndAt', t.sales_end_at)
              order by t.position, t.created_at)
            from ticket_types t where t.event_id = e.id), '[]'::json) as ticket_types
           ${callerColumns}
    from events e join businesses b on b.id = e.business_id
    where ${byId}`,
  );
  if (!row || row.status === "draft") throw new FunctionError("NOT_FOUND", "Event not found.");
  const event = eventOf(row);
  return {
    event,
    activeHoldId: row.active_hold_id ?? null,
    keyedHoldId: row.keyed_hold_id ?? null,
  };
}

const CACHE_MS = 1_000;
const CACHE_MAX = 1_000;
const recent = new Map<string, { event: EventForSale; readAt: number }>();

/**
 * The same, read at most once a second per event by this instance: a sell-out sends
 * thousands of holds at one event, and its rules change rarely. Only ever used to let a
 * hold try its statement (which checks the event, sales window and limit itself); every
 * refusal is decided on a fresh read.
 */
export async function recentEventForSale(db: Executor, eventRef: string): Promise<EventForSale> {
  const key = eventRef.toLowerCase();
  const cached = recent.get(key);
  if (cached && Date.now() - cached.readAt < CACHE_MS) return cached.event;
  const event = await loadEventForSale(db, eventRef);
  if (recent.size >= CACHE_MAX) recent.clear();
  recent.set(key, { event, readAt: Date.now() });
  return event;
}

/** The caller's side of a hold that did not go through, read with the event in one trip. */
export type CallerState = {
  event: EventForSale;
  /** The caller's active hold for the event (possibly run out, not yet swept). */
  activeHoldId: string | null;
  /** The hold an earlier request with this idempotency key made, if any. */
  keyedHoldId: string | null;
};

/** The event (fresh), the caller's active hold and what their idempotency key made: one trip. */
export async function loadCallerState(
  db: Executor,
  eventRef: string,
  caller: Caller,
): Promise<CallerState> {
  return queryEvent(db, eventRef, caller);
}
