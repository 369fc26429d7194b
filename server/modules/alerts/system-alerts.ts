import { and, eq, inArray, sql } from "drizzle-orm";
import type { AlertView } from "#contract/alert-view.ts";
import type { DoorConflictReason } from "#contract/door-offline.ts";
import { clockTime } from "#contract/door-verdict.ts";
import { events, ticketTypes } from "#server/modules/events/events.schema.ts";
import { teamEvents } from "#server/modules/teams/teams.schema.ts";
import type { Database, Executor } from "#server/platform/db/database.ts";
import { raiseAlert } from "./raise-alert.ts";

type EventRef = { id: string; businessId: string; title: string };

/** The teams working at an event: who hears the system's alerts about it. */
async function teamsAt(tx: Executor, eventId: string): Promise<string[]> {
  const rows = await tx
    .select({ teamId: teamEvents.teamId })
    .from(teamEvents)
    .where(eq(teamEvents.eventId, eventId));
  return rows.map((r) => r.teamId);
}

/**
 * After tickets were taken (a hold): a ticket type at or past 90 % of its capacity raises
 * "almost sold out", at 100 % "sold out", each once per ticket type however many holds
 * race across the line (the dedupe key's unique index lets one insert win). Jumping
 * straight to 100 % raises only "sold out". Its own transaction: a failure here never
 * undoes the hold, and the caller logs it.
 */
export async function alertOnSellThrough(
  db: Database,
  ticketTypeIds: readonly string[],
): Promise<AlertView[]> {
  if (ticketTypeIds.length === 0) return [];
  const crossed = await db
    .select({
      id: ticketTypes.id,
      name: ticketTypes.name,
      capacity: ticketTypes.capacity,
      taken: ticketTypes.taken,
      eventId: events.id,
      businessId: events.businessId,
      title: events.title,
    })
    .from(ticketTypes)
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .where(
      and(
        inArray(ticketTypes.id, [...ticketTypeIds]),
        sql`${ticketTypes.taken} * 10 >= ${ticketTypes.capacity} * 9`,
        sql`not exists (select 1 from alerts a where a.dedupe_key = 'sold-out:' || ${ticketTypes.id}::text)`,
      ),
    );
  const raised: AlertView[] = [];
  for (const type of crossed) {
    const soldOut = type.taken >= type.capacity;
    const alert = await db.transaction(async (tx) =>
      raiseAlert(tx, {
        businessId: type.businessId,
        eventId: type.eventId,
        teamIds: await teamsAt(tx, type.eventId),
        kind: soldOut ? "sold-out" : "almost-sold-out",
        urgency: soldOut ? "urgent" : "normal",
        subject: soldOut ? `${type.name} sold out` : `${type.name} almost sold out`,
        body: soldOut
          ? `All ${type.capacity} "${type.name}" tickets for ${type.title} are taken.`
          : `${type.taken} of ${type.capacity} "${type.name}" tickets for ${type.title} are taken (90 % or more).`,
        dedupeKey: `${soldOut ? "sold-out" : "almost-sold-out"}:${type.id}`,
      }),
    );
    if (alert) raised.push(alert);
  }
  return raised;
}

/** In the cancelling transaction: the event's teams hear it is cancelled. */
export async function alertEventCancelled(tx: Executor, event: EventRef): Promise<void> {
  await raiseAlert(tx, {
    businessId: event.businessId,
    eventId: event.id,
    teamIds: await teamsAt(tx, event.id),
    kind: "event-cancelled",
    urgency: "urgent",
    subject: `${event.title} is cancelled`,
    body: `The organiser cancelled ${event.title}. Its tickets are no longer valid at the door.`,
  });
}

/** In the editing transaction: the event's teams hear its time or place changed. */
export async function alertEventChanged(
  tx: Executor,
  event: EventRef,
  what: string,
): Promise<void> {
  await raiseAlert(tx, {
    businessId: event.businessId,
    eventId: event.id,
    teamIds: await teamsAt(tx, event.id),
    kind: "event-changed",
    urgency: "normal",
    subject: `${event.title} was changed`,
    body: what,
  });
}

/**
 * For the door (check-in): call in the scan's transaction when a bad scan (invalid or
 * already checked in) is the 5th at this event within a minute; `windowKey` (e.g. the
 * minute the burst started) makes racing scans raise it once per burst.
 */
export async function alertScanBurst(
  tx: Executor,
  event: EventRef,
  badScans: number,
  windowKey: string,
): Promise<AlertView | null> {
  return raiseAlert(tx, {
    businessId: event.businessId,
    eventId: event.id,
    teamIds: await teamsAt(tx, event.id),
    kind: "scan-burst",
    urgency: "urgent",
    subject: `${badScans} bad scans in a minute`,
    body: `${badScans} invalid or already used tickets were scanned at ${event.title} within a minute: someone may be passing copied QR codes.`,
    dedupeKey: `scan-burst:${event.id}:${windowKey}`,
  });
}

/**
 * In the payments module's settling transaction: a card payment the organiser must look
 * at (refunded because sold out meanwhile, an amount that does not match, a dispute),
 * once per `dedupeKey` however often the provider tells us.
 */
export async function alertPaymentProblem(
  tx: Executor,
  event: EventRef,
  problem: { subject: string; body: string; dedupeKey: string },
): Promise<AlertView | null> {
  return raiseAlert(tx, {
    businessId: event.businessId,
    eventId: event.id,
    teamIds: await teamsAt(tx, event.id),
    kind: "payment-problem",
    urgency: "urgent",
    subject: problem.subject,
    body: problem.body,
    dedupeKey: problem.dedupeKey,
  });
}

/** An offline admission that could not stand (decision 030), as its alert tells it. */
export type DoorConflictAlert = {
  /** The conflict's row: one alert per row. */
  id: string;
  reason: DoorConflictReason;
  /** The manual code as shown, `ABCDE-23456`. */
  ticketCode: string;
  attendeeName: string;
  /** The offline admission's time (ISO) and device. */
  at: string;
  deviceId: string;
  /** The admission that stands, if any. */
  kept: { at: string; deviceId: string } | null;
};

const conflictSubjects: Record<DoorConflictReason, string> = {
  "already-in": "Double entry at the door",
  cancelled: "Cancelled ticket let in at the door",
  "given-away": "Old QR code let in at the door",
};

/**
 * "Ticket ABCDE-23456 (Ann Lee) entered at 21:04 on scanner-1a2b and 21:06 on
 * scanner-9f8e.": both entries of a double entry, earlier first, times in the event's zone.
 */
function conflictBody(timeZone: string, conflict: DoorConflictAlert): string {
  const ticket = `Ticket ${conflict.ticketCode} (${conflict.attendeeName})`;
  const entry = (e: { at: string; deviceId: string }) =>
    `${clockTime(e.at, timeZone)} on ${e.deviceId}`;
  const offline = entry(conflict);
  switch (conflict.reason) {
    case "already-in": {
      if (!conflict.kept) return `${ticket} entered at ${offline} although it was already in.`;
      const both = [conflict, conflict.kept].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
      return `${ticket} entered at ${both.map(entry).join(" and ")}.`;
    }
    case "cancelled":
      return `${ticket} entered at ${offline} although it was cancelled.`;
    case "given-away":
      return `${ticket} entered at ${offline} with an old QR code: the ticket had been given to someone else.`;
  }
}

/**
 * In the offline upload's transaction: a ticket admitted by a device without a network
 * that could not stand (already in, cancelled, given away). The event's teams hear it at
 * once, once per conflict row.
 */
export async function alertDoorConflict(
  tx: Executor,
  event: EventRef & { timeZone: string },
  conflict: DoorConflictAlert,
): Promise<AlertView | null> {
  return raiseAlert(tx, {
    businessId: event.businessId,
    eventId: event.id,
    teamIds: await teamsAt(tx, event.id),
    kind: "door-conflict",
    urgency: "urgent",
    subject: conflictSubjects[conflict.reason],
    body: conflictBody(event.timeZone, conflict),
    dedupeKey: `door-conflict:${conflict.id}`,
  });
}
