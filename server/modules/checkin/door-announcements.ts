import type { Database } from "#server/platform/db.ts";
import { publishRealtime } from "#server/platform/realtime/publish.ts";
import { DOOR_MESSAGE_KIND, doorTopic } from "./door-topics.ts";

/** The longest a desk waits to hear of an admission made through this process. */
export const DOOR_ANNOUNCE_MS = 250;

type Pending = { admitted: number; timer: NodeJS.Timeout };

/** Per database handle (one per process in production): events with unannounced admissions. */
const pendingOf = new WeakMap<Database, Map<string, Pending>>();

/**
 * Tells the desks of an event that someone was admitted, at most one message per event
 * every DOOR_ANNOUNCE_MS from this process, after the admissions committed (decision
 * 019). An admission used to NOTIFY in its own statement: PostgreSQL serialises the
 * commits of notifying transactions, which capped a busy door at a few hundred admissions
 * a second; a desk only needs to know that its figures changed, and fetches them again.
 * If the process stops before a message goes out, the desks see the admissions with the
 * next message about that door (or on their next load); nothing about the admission
 * itself depends on it.
 */
export function announceAdmission(db: Database, eventId: string): void {
  let pending = pendingOf.get(db);
  if (!pending) {
    pending = new Map();
    pendingOf.set(db, pending);
  }
  const found = pending.get(eventId);
  if (found) {
    found.admitted++;
    return;
  }
  const timer = setTimeout(() => void announce(db, eventId), DOOR_ANNOUNCE_MS);
  timer.unref();
  pending.set(eventId, { admitted: 1, timer });
}

async function announce(db: Database, eventId: string): Promise<void> {
  const pending = pendingOf.get(db);
  const found = pending?.get(eventId);
  if (!pending || !found) return;
  pending.delete(eventId);
  clearTimeout(found.timer);
  try {
    await publishRealtime(db, {
      topic: doorTopic(eventId),
      kind: DOOR_MESSAGE_KIND,
      payload: { eventId, change: "admitted", admitted: found.admitted },
    });
  } catch {
    // The database is going away (shutdown) or failed: the desks catch up on the next
    // message or load; an admission never depends on its announcement.
  }
}

/** Sends what is waiting now (at shutdown, and in tests). */
export async function flushDoorAnnouncements(db: Database): Promise<void> {
  const pending = pendingOf.get(db);
  if (!pending) return;
  await Promise.all([...pending.keys()].map((eventId) => announce(db, eventId)));
}
