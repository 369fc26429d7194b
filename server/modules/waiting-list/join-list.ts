import { sql } from "drizzle-orm";
import { formatEventTime } from "#contract/event-time.ts";
import { isUuid } from "#contract/uuid.ts";
import type { MyWaitingListEntry, WaitingListStatus } from "#contract/waiting-list.ts";
import { releaseHoldStatement } from "#server/modules/holds/hold-statements.ts";
import { FunctionError, fieldError } from "#server/platform/callable/function-error.ts";
import type { Database } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import type { RateLimiter, RateRule } from "#server/platform/rate-limit/rate-limiter.ts";
import { loadMyEntry } from "./my-entries.ts";

/** Joins (and changes of quantity) of one account: a few lists, never a loop. */
export const joinPerAccountRule: RateRule = {
  name: "waitingList.join.account",
  limit: 30,
  windowSeconds: 60 * 60,
  blockSeconds: 10 * 60,
};

type TypeRow = {
  id: string;
  event_id: string;
  time_zone: string;
  event_status: string;
  business_status: string;
  ended: boolean;
  list_open: boolean;
  per_order_limit: number;
  free: number;
  someone_waiting: boolean;
  sales_start_at: string | Date | null;
  sales_end_at: string | Date | null;
  /** The caller's open offer for this type, if any. */
  offered_entry_id: string | null;
};

const typeNotFound = () => new FunctionError("NOT_FOUND", "Ticket type not found.");

function refused(reason: string, message: string): FunctionError {
  return new FunctionError("FAILED_PRECONDITION", message, { reason });
}

async function loadType(db: Database, ticketTypeId: string, userId: string): Promise<TypeRow> {
  if (!isUuid(ticketTypeId)) throw typeNotFound();
  const [row] = await rowsOf<TypeRow>(
    db,
    sql`select t.id, t.event_id, e.time_zone, e.status as event_status,
        b.status as business_status, e.ends_at <= now() as ended, t.waiting_list as list_open,
        t.per_order_limit, greatest(t.capacity - t.taken, 0)::int as free,
        exists (select 1 from waiting_list_entries w
          where w.ticket_type_id = t.id and w.status = 'waiting') as someone_waiting,
        t.sales_start_at, t.sales_end_at,
        (select w.id from waiting_list_entries w where w.ticket_type_id = t.id
          and w.user_id = ${userId} and w.status = 'offered') as offered_entry_id
      from ticket_types t join events e on e.id = t.event_id
      join businesses b on b.id = e.business_id
      where t.id = ${ticketTypeId} and not t.hidden`,
  );
  // What the public cannot see (a hidden type, a draft, a suspended business's event) is
  // not found: a hidden type is sold only with its code (decision 036), never by a list.
  if (!row || row.event_status === "draft" || row.business_status !== "active") {
    throw typeNotFound();
  }
  return row;
}

/** Why the caller may not join this type's list now, or nothing. */
function checkJoinable(type: TypeRow, quantity: number, now: Date): void {
  if (type.event_status === "cancelled") refuse("event-cancelled", "This event was cancelled.");
  if (type.ended) refuse("event-ended", "This event has ended.");
  if (!type.list_open) {
    refuse("list-closed", "The organiser has closed the waiting list for these tickets.");
  }
  if (type.sales_end_at && new Date(type.sales_end_at) <= now) {
    refuse("sales-ended", "Sales have ended.");
  }
  if (type.sales_start_at && new Date(type.sales_start_at) > now) {
    const when = formatEventTime(type.sales_start_at, type.time_zone, { weekday: false });
    refuse("not-started", `Sales open on ${when}.`);
  }
  if (quantity > Number(type.per_order_limit)) {
    throw fieldError("quantity", `At most ${type.per_order_limit} per person.`);
  }
  // Free tickets nobody waits for are the public's: book them.
  if (Number(type.free) > 0 && !type.someone_waiting) {
    refuse("on-sale", "Tickets are on sale: book them instead.");
  }
}

function refuse(reason: string, message: string): never {
  throw refused(reason, message);
}

/**
 * Joins the caller to a type's waiting list (`waitingList.join`): rate limited per
 * account. One statement: a new entry at the back (its place from the
 * `waiting_list_order` sequence), or, already waiting, the new quantity in the same place;
 * an open offer stays as it is.
 */
export async function joinList(
  db: Database,
  rateLimiter: RateLimiter,
  userId: string,
  input: { ticketTypeId: string; quantity: number },
): Promise<MyWaitingListEntry> {
  await rateLimiter.consume(joinPerAccountRule, userId);
  const type = await loadType(db, input.ticketTypeId, userId);
  // Offered already: the offer stands as it was, whatever the type's state now.
  const offered = type.offered_entry_id && (await loadMyEntry(db, userId, type.offered_entry_id));
  if (offered) return offered;
  checkJoinable(type, input.quantity, new Date());
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`insert into waiting_list_entries (event_id, ticket_type_id, user_id, quantity)
      values (${type.event_id}, ${type.id}, ${userId}, ${input.quantity})
      on conflict (user_id, ticket_type_id) where status in ('waiting', 'offered')
      do update set quantity = case when waiting_list_entries.status = 'waiting'
        then excluded.quantity else waiting_list_entries.quantity end
      returning id`,
  );
  const entry = row && (await loadMyEntry(db, userId, row.id));
  if (!entry) throw new Error("waiting list entry not read back");
  return entry;
}

/**
 * Takes the caller out of a line (`waitingList.leave`): their own live entry only. An
 * open offer's hold is let go in the same transaction (its tickets go to the next in
 * line at the next tick) and the entry ends as `left`, so the worker never settles it as
 * lapsed. The entry is locked before the hold, then the type's row (the release): the
 * order the sweep and the offers keep too, so none of them deadlock.
 */
export async function leaveList(
  db: Database,
  userId: string,
  entryId: string,
): Promise<{ status: WaitingListStatus }> {
  const notFound = new FunctionError("NOT_FOUND", "You are not in this waiting list.");
  if (!isUuid(entryId)) throw notFound;
  return db.transaction(async (tx) => {
    const [entry] = await rowsOf<{ status: WaitingListStatus; hold_id: string | null }>(
      tx,
      sql`select status, hold_id from waiting_list_entries
        where id = ${entryId} and user_id = ${userId} and status in ('waiting', 'offered')
        for update`,
    );
    if (!entry) throw notFound;
    if (entry.status === "offered" && entry.hold_id) {
      await tx.execute(releaseHoldStatement(entry.hold_id, userId, "released"));
    }
    await tx.execute(sql`update waiting_list_entries set status = 'left', ended_at = now()
      where id = ${entryId}`);
    return { status: "left" as const };
  });
}
