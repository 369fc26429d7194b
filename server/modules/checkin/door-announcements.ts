import type { Database } from "#server/platform/db/database.ts";
import { publishRealtime } from "#server/platform/realtime/publish.ts";
import { DOOR_MESSAGE_KIND, doorTopic } from "./door-topics.ts";

/** The longest a desk waits to hear of an admission made through this process. */
export const DOOR_ANNOUNCE_MS = 250;

type Pending = { admitted: number; timer: NodeJS.Timeout };

/** Per database handle (one per process in production): what is still to be told. */
type DoorNews = {
  /** Events with admissions not yet announced. */
  pending: Map<string, Pending>;
  /** Announcements on their way (their transaction not yet committed). */
  sending: Set<Promise<void>>;
};
const newsOf = new WeakMap<Database, DoorNews>();

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
  let news = newsOf.get(db);
  if (!news) {
    news = { pending: new Map(), sending: new Set() };
    newsOf.set(db, news);
  }
  const found = news.pending.get(eventId);
  if (found) {
    found.admitted++;
    return;
  }
  const timer = setTimeout(() => void announce(db, eventId), DOOR_ANNOUNCE_MS);
  timer.unref();
  news.pending.set(eventId, { admitted: 1, timer });
}

function announce(db: Database, eventId: string): Promise<void> {
  const news = newsOf.get(db);
  const found = news?.pending.get(eventId);
  if (!news || !found) return Promise.resolve();
  news.pending.delete(eventId);
  clearTimeout(found.timer);
  const sending = publish(db, eventId, found.admitted).finally(() => news.sending.delete(sending));
  news.sending.add(sending);
  return sending;
}

async function publish(db: Database, eventId: string, admitted: number): Promise<void> {
  try {
    await publishRealtime(db, {
      topic: doorTopic(eventId),
      kind: DOOR_MESSAGE_KIND,
      payload: { eventId, change: "admitted", admitted },
    });
  } catch {
    // The database is going away (shutdown) or failed: the desks catch up on the next
    // message or load; an admission never depends on its announcement.
  }
}

/**
 * Sends what is waiting now and waits for what is on its way (at shutdown, before the
 * database closes, and in tests).
 */
export async function flushDoorAnnouncements(db: Database): Promise<void> {
  const news = newsOf.get(db);
  if (!news) return;
  const started = [...news.pending.keys()].map((eventId) => announce(db, eventId));
  await Promise.all([...started, ...news.sending]);
}
