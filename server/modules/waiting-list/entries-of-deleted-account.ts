import { sql } from "drizzle-orm";
import type { Executor } from "#server/platform/db/database.ts";

/**
 * A deleted account leaves every waiting list: nobody is offered tickets who cannot come,
 * and the lists keep nothing of them. Runs after the account's live holds were let go
 * (an offer is such a hold), so the tickets of an open offer are free again and go to
 * the next in line at the worker's next tick.
 */
export async function leaveWaitingLists(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`delete from waiting_list_entries where user_id = ${userId}`);
}
