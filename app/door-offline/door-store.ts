import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import {
  DOOR_DATA_KEPT_AFTER_END_MS,
  type DoorSyncPage,
  type DoorSyncTicket,
} from "#contract/door-offline.ts";
import type { DoorCopy, QueuedAdmission } from "./door-copy.ts";
import { DOOR_DATABASE } from "./door-database-name.ts";

type EventRecord = Omit<DoorCopy, "tickets"> & { userId: string; eventId: string };
type TicketRecord = DoorSyncTicket & { userId: string; eventId: string };

interface DoorSchema extends DBSchema {
  events: { key: [string, string]; value: EventRecord };
  /**
   * The last full list of an event's tickets as one record, keyed [userId, eventId]: one
   * write for 25,000 tickets, where a write each took seconds.
   */
  snapshots: {
    key: [string, string];
    value: { userId: string; eventId: string; tickets: DoorSyncTicket[] };
  };
  /**
   * Changes since that list (deltas, this device's admissions), keyed [userId, eventId,
   * id]: one event's changes are one key range, laid over its snapshot when loaded.
   */
  tickets: { key: [string, string, string]; value: TicketRecord };
  queue: { key: string; value: QueuedAdmission };
}

export type DoorDatabase = IDBPDatabase<DoorSchema>;

/**
 * Opens the door database. A connection closes itself when another wants to delete or
 * upgrade it (signing out in another tab), so that never waits on this page.
 */
export function openDoorDatabase(): Promise<DoorDatabase> {
  return openDB<DoorSchema>(DOOR_DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore("events", { keyPath: ["userId", "eventId"] });
      db.createObjectStore("snapshots", { keyPath: ["userId", "eventId"] });
      db.createObjectStore("tickets", { keyPath: ["userId", "eventId", "id"] });
      db.createObjectStore("queue", { keyPath: "scanId" });
    },
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
    },
  });
}

/** Every key of one event's changes: arrays sort after strings, so `[]` bounds the range. */
function ticketsOf(userId: string, eventId: string) {
  return IDBKeyRange.bound([userId, eventId], [userId, eventId, []]);
}

/** This device's copy of the event, or null when it never completed a sync of it. */
export async function loadCopy(
  db: DoorDatabase,
  userId: string,
  eventId: string,
): Promise<DoorCopy | null> {
  const tx = db.transaction(["events", "snapshots", "tickets"]);
  const record = await tx.objectStore("events").get([userId, eventId]);
  if (!record) return null;
  const snapshot = await tx.objectStore("snapshots").get([userId, eventId]);
  const changes = await tx.objectStore("tickets").getAll(ticketsOf(userId, eventId));
  const tickets = new Map<string, DoorSyncTicket>();
  for (const ticket of snapshot?.tickets ?? []) tickets.set(ticket.id, ticket);
  for (const { userId: _user, eventId: _event, ...ticket } of changes) {
    tickets.set(ticket.id, ticket);
  }
  const { userId: _user, eventId: _event, ...copy } = record;
  return { ...copy, tickets };
}

/**
 * Stores a complete sync in one transaction: the event, its keys, the tickets (a full
 * list as the new snapshot, its older changes dropped; a delta as changes), the local
 * check-ins laid over them, and only then the cursor.
 */
export async function saveSync(
  db: DoorDatabase,
  userId: string,
  copy: DoorCopy,
  written: { replaced: boolean; synced: DoorSyncTicket[]; overlaid: readonly DoorSyncTicket[] },
): Promise<void> {
  const eventId = copy.event.id;
  const tx = db.transaction(["events", "snapshots", "tickets"], "readwrite");
  const changes = tx.objectStore("tickets");
  if (written.replaced) {
    void tx.objectStore("snapshots").put({ userId, eventId, tickets: written.synced });
    void changes.delete(ticketsOf(userId, eventId));
  }
  const changed = written.replaced ? written.overlaid : [...written.synced, ...written.overlaid];
  for (const ticket of changed) void changes.put({ ...ticket, userId, eventId });
  const { tickets: _tickets, ...record } = copy;
  void tx.objectStore("events").put({ ...record, userId, eventId });
  await tx.done;
}

/** An offline admission: the ticket checked in locally and the admission queued, together. */
export async function saveAdmission(
  db: DoorDatabase,
  ticket: DoorSyncTicket,
  admission: QueuedAdmission,
): Promise<void> {
  const tx = db.transaction(["tickets", "queue"], "readwrite");
  void tx
    .objectStore("tickets")
    .put({ ...ticket, userId: admission.userId, eventId: admission.eventId });
  void tx.objectStore("queue").put(admission);
  await tx.done;
}

/** The user's admissions waiting for upload, oldest first. */
export async function queuedAdmissions(
  db: DoorDatabase,
  userId: string,
): Promise<QueuedAdmission[]> {
  const all = await db.getAll("queue");
  return all.filter((admission) => admission.userId === userId).sort(byTime);
}

function byTime(a: QueuedAdmission, b: QueuedAdmission): number {
  return a.at < b.at ? -1 : a.at > b.at ? 1 : 0;
}

/** Removes the admissions the server answered. */
export async function removeQueued(db: DoorDatabase, scanIds: readonly string[]): Promise<void> {
  const tx = db.transaction("queue", "readwrite");
  for (const scanId of scanIds) void tx.store.delete(scanId);
  await tx.done;
}

/**
 * Removes what the device keeps of events that ended more than
 * `DOOR_DATA_KEPT_AFTER_END_MS` ago, and everything of users other than `userId` (a
 * shared phone handed to the next person). Admissions not yet uploaded stay: they are the
 * only record of who went in, and name no one.
 */
export async function dropStaleData(db: DoorDatabase, userId: string, now: Date): Promise<void> {
  const tx = db.transaction(["events", "snapshots", "tickets", "queue"], "readwrite");
  const events = await tx.objectStore("events").getAll();
  for (const record of events) {
    const ended = Date.parse(record.event.endsAt) + DOOR_DATA_KEPT_AFTER_END_MS < now.getTime();
    if (record.userId === userId && !ended) continue;
    void tx.objectStore("events").delete([record.userId, record.eventId]);
    void tx.objectStore("snapshots").delete([record.userId, record.eventId]);
    void tx.objectStore("tickets").delete(ticketsOf(record.userId, record.eventId));
  }
  const queue = tx.objectStore("queue");
  for (const admission of await queue.getAll()) {
    if (admission.userId !== userId) void queue.delete(admission.scanId);
  }
  await tx.done;
}

/** The copy made from the first page of a sync (its event, keys and cursor). */
export function copyAfterSync(
  page: DoorSyncPage,
  tickets: Map<string, DoorSyncTicket>,
  at: Date,
): DoorCopy {
  return {
    event: page.event,
    keys: page.keys,
    searchable: page.searchable,
    cursor: page.cursor,
    lastSyncAt: at.toISOString(),
    tickets,
  };
}
