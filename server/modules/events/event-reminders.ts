import { and, asc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { eventLocalDate, formatEventClock, formatEventTime } from "#contract/event-time.ts";
import { eventTicketsPath } from "#contract/paths.ts";
import { startFanout } from "#server/modules/notifications/notice-fanout.ts";
import type { Database } from "#server/platform/db/database.ts";
import { type BatchWorker, startBatchWorker } from "#server/platform/runtime/batch-worker.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import type { Event } from "./event-ownership.ts";
import { events } from "./events.schema.ts";

/** How long before the start holders are reminded. */
export const reminderLeadMs = 24 * 60 * 60 * 1000;

/** What a reminder says: "Reminder: Jazz Night tomorrow at 19:30", with the time and place. */
export function reminderText(
  event: Pick<Event, "title" | "startsAt" | "timeZone" | "venueName" | "venueAddress">,
  now: Date,
): { title: string; body: string } {
  // "Today" or "tomorrow" on the venue's calendar, not the server's.
  const day =
    eventLocalDate(event.startsAt, event.timeZone) === eventLocalDate(now, event.timeZone)
      ? "today"
      : "tomorrow";
  const clock = formatEventClock(event.startsAt, event.timeZone);
  const when = formatEventTime(event.startsAt, event.timeZone, { withZone: true });
  const where = [event.venueName, event.venueAddress].filter(Boolean).join(", ");
  return {
    title: `Reminder: ${event.title} ${day} at ${clock}`,
    body: `${event.title} starts ${when} at ${where}. Your tickets are ready to show at the door.`,
  };
}

/**
 * Starts the reminder of the next due event, in one transaction, and answers 1, or 0
 * when none is due. Due: published, reminders on, not reminded yet, starting within
 * `reminderLeadMs` and not started. The event row is claimed `FOR UPDATE SKIP LOCKED`
 * and `reminded_at` set in the same commit, so two instances never both start it; an
 * event moved after its reminder keeps `reminded_at` (sent once), one moved before is
 * simply due at its new time. Holders are read by table name: tickets sit above events.
 */
export async function remindNextDueEvent(db: Database, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select()
      .from(events)
      .where(
        and(
          eq(events.status, "published"),
          eq(events.reminders, true),
          isNull(events.remindedAt),
          gt(events.startsAt, now),
          lte(events.startsAt, new Date(now.getTime() + reminderLeadMs)),
        ),
      )
      .orderBy(asc(events.startsAt), asc(events.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!event) return 0;
    await tx.update(events).set({ remindedAt: now }).where(eq(events.id, event.id));
    await startFanout(tx, {
      key: `reminder:${event.id}`,
      kind: "event-reminder",
      eventId: event.id,
      ...reminderText(event, now),
      link: eventTicketsPath(event.id),
      recipients: sql`select distinct holder_user_id as user_id, null::text as link from tickets
        where event_id = ${event.id}::uuid and status = 'valid' and holder_user_id is not null`,
    });
    return 1;
  });
}

/** Starts the reminders of every due event (one transaction each); answers how many. */
export async function remindDueEvents(db: Database, now: Date = new Date()): Promise<number> {
  let started = 0;
  while ((await remindNextDueEvent(db, now)) > 0) started++;
  return started;
}

/**
 * The reminder runner every instance starts (server/main.ts): events one by one while
 * any is due, then a look every `idleSeconds` (a reminder a minute late is on time).
 */
export function startEventReminders(
  db: Database,
  log: Logger,
  idleSeconds = 60,
): Omit<BatchWorker, "wake"> {
  return startBatchWorker({
    name: "event reminders",
    log,
    runBatch: () => remindNextDueEvent(db),
    idleSeconds,
  });
}
