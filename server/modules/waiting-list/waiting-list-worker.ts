import { sql } from "drizzle-orm";
import { WAITING_LIST_LOCK } from "#server/platform/db/advisory-locks.ts";
import type { Database } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { oneAtATime } from "#server/platform/db/one-at-a-time.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import { startPeriodic } from "#server/platform/runtime/periodic.ts";
import { closeFinishedLists } from "./finished-lists.ts";
import { endedEntryOf, type NoticeDeps, tellLapsed } from "./offer-notices.ts";
import { type SettledRow, settleStatement } from "./offer-statements.ts";
import { offerInOrder } from "./offer-tickets.ts";

const SETTLE_BATCH = 500;

/**
 * Ends the offers whose hold ended (claimed or lapsed), a batch per transaction with the
 * notices of those that ran out. Returns how many were settled.
 */
export async function settleOffers(db: Database, deps: NoticeDeps): Promise<number> {
  let total = 0;
  for (;;) {
    const settled = await db.transaction(async (tx) => {
      const rows = await rowsOf<SettledRow>(tx, settleStatement(SETTLE_BATCH));
      await tellLapsed(
        tx,
        rows.filter((row) => row.status === "lapsed" && row.tell).map(endedEntryOf),
        deps,
      );
      return rows.length;
    });
    total += settled;
    if (settled < SETTLE_BATCH) return total;
  }
}

/**
 * Types whose line can move: someone waits and a ticket is free, the event published and
 * not over, its business active, its sales not ended. Read without locks; each type's
 * transaction checks again on its locked row.
 */
async function typesToOffer(db: Database): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select t.id from ticket_types t
      join events e on e.id = t.event_id join businesses b on b.id = e.business_id
      where t.id in (select distinct ticket_type_id from waiting_list_entries
          where status = 'waiting')
        and t.taken < t.capacity and not t.hidden
        and e.status = 'published' and e.ends_at > now()
        and b.status = 'active' and (t.sales_end_at is null or t.sales_end_at > now())`,
  );
  return rows.map((row) => row.id);
}

export type TickResult = { settled: number; offered: number; closed: number };

/**
 * One tick of the waiting lists (decision 034), by one instance at a time (an advisory
 * lock; the others skip: null): settles ended offers, closes the lists of events or
 * sales that ended, then moves each line that has
 * free tickets, one transaction per type (its row locked FOR UPDATE). No hook on the
 * ways tickets come back (a hold expiring, a booking cancelled or refunded, capacity
 * raised): a free ticket with someone waiting is all it looks for. One type's failure
 * leaves the others moving.
 */
export async function offerReleasedTickets(
  db: Database,
  deps: NoticeDeps,
): Promise<TickResult | null> {
  return oneAtATime(db, WAITING_LIST_LOCK, async () => {
    const settled = await settleOffers(db, deps);
    const closed = await closeFinishedLists(db, deps);
    let offered = 0;
    const failures: unknown[] = [];
    for (const ticketTypeId of await typesToOffer(db)) {
      await db
        .transaction(async (tx) => {
          offered += await offerInOrder(tx, ticketTypeId, deps);
        })
        .catch((error: unknown) => failures.push(error));
    }
    if (failures.length > 0) throw failures[0];
    return { settled, offered, closed };
  });
}

/** Every instance runs it; one at a time does the work (decision 034). */
export function startWaitingListWorker(
  db: Database,
  log: Logger,
  settings: { WAITING_LIST_TICK_SECONDS: number },
  deps: NoticeDeps,
): () => Promise<void> {
  return startPeriodic({
    intervalSeconds: settings.WAITING_LIST_TICK_SECONDS,
    log,
    failure: "waiting list tick failed; will retry",
    run: async () => {
      await offerReleasedTickets(db, deps);
    },
  }).stop;
}
