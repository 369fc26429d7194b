import { sql } from "drizzle-orm";
import type { Executor } from "#server/platform/db/database.ts";

/**
 * A deleted account leaves every waiting room at once: nobody is admitted who cannot
 * come, and the room keeps nothing of them. Places already given stay as numbers; the
 * leader only admits rows that exist, so the mark passes the gap.
 */
export async function leaveWaitingRooms(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`delete from waiting_places where user_id = ${userId}`);
}
