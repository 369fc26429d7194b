import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type NoticeDeps, tellOffer } from "./offer-notices.ts";
import { type OfferRow, offerStatement } from "./offer-statements.ts";

/** The ticket type an offer is made of, read with its row locked. */
export type LockedType = {
  id: string;
  name: string;
  capacity: number;
  taken: number;
  event_id: string;
  title: string;
  short_id: string;
  time_zone: string;
  offer_hours: number;
  /** Published, not ended, its business active: offers may be made. */
  offerable: boolean;
  event_status: string;
  ended: boolean;
  sales_ended: boolean;
};

/**
 * Locks the ticket type's row FOR UPDATE (with its event's facts): every offer of the type
 * takes it first, so the tick and an organiser's offer by hand count the same free
 * tickets one after the other, never both at once.
 */
export async function lockType(tx: Executor, ticketTypeId: string): Promise<LockedType | null> {
  const [row] = await rowsOf<LockedType>(
    tx,
    sql`select t.id, t.name, t.capacity, t.taken, e.id as event_id, e.title, e.short_id,
        e.time_zone, e.waiting_list_offer_hours as offer_hours, e.status as event_status,
        e.ends_at <= now() as ended,
        (t.sales_end_at is not null and t.sales_end_at <= now()) as sales_ended,
        (e.status = 'published' and e.ends_at > now() and b.status = 'active') as offerable
      from ticket_types t join events e on e.id = t.event_id
      join businesses b on b.id = e.business_id
      where t.id = ${ticketTypeId}
      for update of t`,
  );
  return row ? { ...row, capacity: Number(row.capacity), taken: Number(row.taken) } : null;
}

export type WaitingEntry = { id: string; user_id: string; quantity: number };

/** Whether the person holds tickets of the event now (one live hold per person and event). */
export async function holdsTickets(tx: Executor, userId: string, eventId: string) {
  const [row] = await rowsOf<{ holds: boolean }>(
    tx,
    sql`select exists (select 1 from holds where user_id = ${userId} and event_id = ${eventId}
      and status = 'active') as holds`,
  );
  return Boolean(row?.holds);
}

export type Offered = { holdId: string; quantity: number; expiresAt: Date };

/**
 * Offers `entry` (locked by the caller, still waiting) min(asked, free) tickets of the
 * locked `type`: the hold, the entry and the notice in the caller's transaction. Null when
 * nothing was offered: no ticket free, or the person holds tickets of the event (a hold
 * they made after the caller looked).
 */
export async function offerEntry(
  tx: Executor,
  type: LockedType,
  entry: WaitingEntry,
  options: { byHand: boolean; deps: NoticeDeps },
): Promise<Offered | null> {
  const quantity = Math.min(Number(entry.quantity), type.capacity - type.taken);
  if (quantity <= 0) return null;
  const [row] = await rowsOf<OfferRow>(
    tx,
    offerStatement({
      entryId: entry.id,
      holdId: randomUUID(),
      userId: entry.user_id,
      eventId: type.event_id,
      ticketTypeId: type.id,
      quantity,
      hours: Number(type.offer_hours),
      byHand: options.byHand,
    }),
  );
  if (!row?.hold_id || !row.expires_at) return null;
  // The caller's count of what is left, in step with the row it locked.
  type.taken += quantity;
  const expiresAt = new Date(row.expires_at);
  await tellOffer(
    tx,
    {
      entryId: entry.id,
      userId: entry.user_id,
      quantity,
      typeName: type.name,
      title: type.title,
      shortId: type.short_id,
      timeZone: type.time_zone,
      expiresAt,
    },
    options.deps,
  );
  return { holdId: row.hold_id, quantity, expiresAt };
}

/** Waiting entries of a type in order, locked (after the type's row: the offers' lock order). */
async function nextInLine(tx: Executor, ticketTypeId: string, limit: number) {
  return rowsOf<WaitingEntry>(
    tx,
    sql`select id, user_id, quantity from waiting_list_entries
      where ticket_type_id = ${ticketTypeId} and status = 'waiting'
      order by seq limit ${limit}
      for update`,
  );
}

/** Entries looked at per type and tick: more than free tickets could ever serve at once. */
const LINE_BATCH = 100;

/**
 * The turn of the line for one type, in the caller's transaction: with its row locked,
 * offers its free tickets to the waiting in order while any are free. Someone who holds
 * tickets of the event now cannot be offered (one live hold per person and event); the
 * line stops there until the next tick rather than pass them over. Returns how many
 * entries were offered.
 */
export async function offerInOrder(
  tx: Executor,
  ticketTypeId: string,
  deps: NoticeDeps,
): Promise<number> {
  const type = await lockType(tx, ticketTypeId);
  if (!type?.offerable || type.sales_ended || type.capacity - type.taken <= 0) return 0;
  let offered = 0;
  for (const entry of await nextInLine(tx, ticketTypeId, LINE_BATCH)) {
    if (type.capacity - type.taken <= 0) break;
    if (await holdsTickets(tx, entry.user_id, type.event_id)) break;
    const offer = await offerEntry(tx, type, entry, { byHand: false, deps });
    if (!offer) break;
    offered++;
  }
  return offered;
}
