import { sql } from "drizzle-orm";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type NoticeDeps, tellClosed } from "./offer-notices.ts";

/**
 * A cancelled event's lists close: every live entry (waiting, or offered: its hold was
 * let go with the event's holds) ends as `closed`, and its person is told, since with no
 * booking they are not among those the cancellation's fan-out tells. In the
 * cancellation's transaction.
 */
export async function closeListsOfCancelledEvent(
  tx: Executor,
  event: { id: string; title: string; shortId: string },
  deps: NoticeDeps,
): Promise<void> {
  const ended = await rowsOf<{ id: string; user_id: string }>(
    tx,
    sql`update waiting_list_entries set status = 'closed', ended_at = now()
      where event_id = ${event.id} and status in ('waiting', 'offered')
      returning id, user_id`,
  );
  await tellClosed(
    tx,
    ended.map((entry) => ({
      id: entry.id,
      userId: entry.user_id,
      typeName: "",
      title: event.title,
      shortId: event.shortId,
    })),
    deps,
    "event-cancelled",
  );
}
