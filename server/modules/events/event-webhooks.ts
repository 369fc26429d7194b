import { emitWebhooks } from "#server/modules/webhooks/emit-webhook.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type { Event } from "./event-ownership.ts";

/**
 * Queues `event.updated` (decision 039) for each event given, as it is after the change,
 * in the change's transaction: one per event (a series edit: one per date it changed),
 * all in one statement.
 */
export function emitEventsUpdated(
  tx: Executor,
  changed: readonly Pick<Event, "id" | "status">[],
): Promise<void> {
  return emitWebhooks(
    tx,
    changed.map((event) => ({
      eventId: event.id,
      type: "event.updated" as const,
      data: { eventId: event.id, status: event.status },
    })),
  );
}

/**
 * Whether an edit changes anything of the event: a form saved again as it was (a retry,
 * a second click) is no change, and tells no webhook.
 */
export function editChanges(before: Event, changes: Partial<Event>): boolean {
  return Object.entries(changes).some(([column, value]) => {
    const was = before[column as keyof Event];
    return value instanceof Date && was instanceof Date
      ? value.getTime() !== was.getTime()
      : value !== was;
  });
}
