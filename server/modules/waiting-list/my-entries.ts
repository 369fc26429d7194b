import { type SQL, sql } from "drizzle-orm";
import type { MyWaitingListEntry, WaitingListOffer } from "#contract/waiting-list.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

/** An entry as JSON from `entryJson` (timestamps as PostgreSQL writes them). */
type EntryJson = {
  id: string;
  ticketTypeId: string;
  quantity: number;
  status: "waiting" | "offered";
  ahead: number;
  offer: { quantity: number; offeredAt: string; expiresAt: string; byHand: boolean } | null;
};

/** The offer of entry `w` as JSON (null unless offered); the organiser's view shares it. */
export const offerJson = sql`case when w.offered_at is not null then json_build_object(
    'quantity', w.offered_quantity, 'offeredAt', w.offered_at,
    'expiresAt', w.offer_expires_at, 'byHand', w.offered_by_hand) end`;

/** One live entry `w` as the person sees it: `ahead` counts the waiting before them. */
const entryJson = sql`json_build_object('id', w.id, 'ticketTypeId', w.ticket_type_id,
    'quantity', w.quantity, 'status', w.status,
    'ahead', case when w.status = 'waiting' then (select count(*) from waiting_list_entries o
        where o.ticket_type_id = w.ticket_type_id and o.status = 'waiting' and o.seq < w.seq)
      else 0 end,
    'offer', ${offerJson})`;

/**
 * The person's live entries at an event (waiting or offered), in the order of its ticket
 * types, as one JSON array: a fragment for a statement that reads more (the viewer).
 */
export function myEntriesJson(userId: string, eventId: SQL): SQL {
  return sql`coalesce((select json_agg(${entryJson} order by t.position, t.created_at)
    from waiting_list_entries w join ticket_types t on t.id = w.ticket_type_id
    where w.event_id = ${eventId} and w.user_id = ${userId}::uuid
      and w.status in ('waiting', 'offered')), '[]'::json)`;
}

export function offerOf(raw: EntryJson["offer"]): WaitingListOffer | null {
  return raw
    ? {
        quantity: Number(raw.quantity),
        offeredAt: new Date(raw.offeredAt).toISOString(),
        expiresAt: new Date(raw.expiresAt).toISOString(),
        byHand: Boolean(raw.byHand),
      }
    : null;
}

/** The entries of `myEntriesJson` (a JSON string on some drivers) for the contract. */
export function myEntriesOf(raw: unknown): MyWaitingListEntry[] {
  const list = (typeof raw === "string" ? JSON.parse(raw) : (raw ?? [])) as EntryJson[];
  return list.map((entry) => ({
    id: entry.id,
    ticketTypeId: entry.ticketTypeId,
    quantity: Number(entry.quantity),
    status: entry.status,
    ahead: Number(entry.ahead),
    offer: offerOf(entry.offer),
  }));
}

/** One of the person's live entries by id, or null (ended, another's, unknown). */
export async function loadMyEntry(
  db: Executor,
  userId: string,
  entryId: string,
): Promise<MyWaitingListEntry | null> {
  const [row] = await rowsOf<{ entry: unknown }>(
    db,
    sql`select ${entryJson} as entry from waiting_list_entries w
      where w.id = ${entryId} and w.user_id = ${userId}::uuid
        and w.status in ('waiting', 'offered')`,
  );
  if (!row) return null;
  const entry = typeof row.entry === "string" ? JSON.parse(row.entry) : row.entry;
  return myEntriesOf([entry])[0] ?? null;
}
