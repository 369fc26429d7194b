import { sql } from "drizzle-orm";
import { notifyUsers } from "#server/modules/notifications/notifications.service.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import type { NoticeDeps } from "./offer-notices.ts";

/**
 * A cancelled event's lists close: every live entry (waiting, or offered: its hold was
 * let go with the event's holds) ends as `closed`, and its person is told, since with no
 * booking they are not among those the cancellation's fan-out tells. In the
 * cancellation's transaction.
 */
export async function closeListsOfCancelledEvent(
  tx: Executor,
  event: { id: string; title: string },
  deps: NoticeDeps,
): Promise<void> {
  const ended = await rowsOf<{ id: string; user_id: string }>(
    tx,
    sql`update waiting_list_entries set status = 'closed', ended_at = now()
      where event_id = ${event.id} and status in ('waiting', 'offered')
      returning id, user_id`,
  );
  await notifyUsers(
    tx,
    ended.map((entry) => ({
      userId: entry.user_id,
      kind: "waiting-list-closed" as const,
      key: `waiting-list-closed:${entry.id}`,
      title: `Cancelled: ${event.title}`,
      body: `${event.title} was cancelled, so its waiting list is closed.`,
    })),
    deps,
  );
}
