import { CallableError } from "#app/callable/callable.ts";
import type { DoorSyncTicket, OfflineUploadResult } from "#contract/door-offline.ts";
import type { DoorVerdict } from "#contract/door-verdict.ts";
import { readTokenBytes } from "#contract/ticket-token-bytes.ts";
import type { DoorCalls } from "./door-calls.ts";
import { DoorSwitch, isNetworkFailure, type SwitchClock } from "./door-connection.ts";
import {
  codesOf,
  type DoorCopy,
  mergedTickets,
  type QueuedAdmission,
  searchCopy,
  ticketAdmittedOnline,
  withLocalCheckIn,
} from "./door-copy.ts";
import {
  copyAfterSync,
  type DoorDatabase,
  dropStaleData,
  loadCopy,
  queuedAdmissions,
  removeQueued,
  saveAdmission,
  saveSync,
} from "./door-store.ts";
import { fetchSync, uploadQueue } from "./door-sync.ts";
import type { CheckedVerdict, DoorConnection } from "./offline-door.ts";
import {
  judgeCodeOffline,
  judgeIdOffline,
  localAdmission,
  type OfflineJudgement,
} from "./offline-verdict.ts";

/** Down sync (and upload) this often while a door page is open. */
export const SYNC_EVERY_MS = 60_000;

export type DoorEngineDeps = {
  eventId: string;
  userId: string;
  deviceId: string;
  /** Who is at the door, as a local check-in shows it. */
  staffName(): string;
  db: DoorDatabase;
  calls: DoorCalls;
  clock: SwitchClock;
  now(): Date;
  newId(): string;
};

export type DoorState = {
  connection: DoorConnection;
  queueLength: number;
  lastSyncAt: string | null;
  syncing: boolean;
  searchable: boolean;
  /** Offline admissions the server could not stand by (already in elsewhere, cancelled…). */
  conflicts: OfflineUploadResult[];
};

/** Offline, before this device ever completed a sync of the event. */
export class NoCopyYetError extends Error {
  constructor() {
    super(
      "This device has no copy of the event yet: open the door page once with the network to check tickets offline.",
    );
    this.name = "NoCopyYetError";
  }
}

/**
 * The offline door of one event on this device (decision 030): its copy in IndexedDB and
 * memory, the switch, the sync and the upload. No React: the hook and the bench drive it.
 */
export class DoorEngine {
  private copy: DoorCopy | null;
  private codes: Map<string, string>;
  private queue: QueuedAdmission[];
  private readonly door: DoorSwitch;
  private running: { sync: Promise<void> | null; upload: Promise<void> | null } = {
    sync: null,
    upload: null,
  };
  private tick: unknown = null;
  private closed = false;
  private state: DoorState;
  private readonly listeners = new Set<(state: DoorState) => void>();

  private readonly deps: DoorEngineDeps;

  private constructor(deps: DoorEngineDeps, copy: DoorCopy | null, queue: QueuedAdmission[]) {
    this.deps = deps;
    this.copy = copy;
    this.codes = codesOf(copy?.tickets.values() ?? []);
    this.queue = queue;
    this.door = new DoorSwitch({
      clock: deps.clock,
      probe: () => deps.calls.probe(deps.eventId),
      onChange: (connection) => this.connectionChanged(connection),
    });
    this.state = {
      connection: "online",
      queueLength: queue.length,
      lastSyncAt: copy?.lastSyncAt ?? null,
      syncing: false,
      searchable: copy?.searchable ?? false,
      conflicts: [],
    };
  }

  /** Drops stale data (finished events, other users), then loads the event's copy and queue. */
  static async open(deps: DoorEngineDeps): Promise<DoorEngine> {
    await dropStaleData(deps.db, deps.userId, deps.now());
    const copy = await loadCopy(deps.db, deps.userId, deps.eventId);
    const queue = await queuedAdmissions(deps.db, deps.userId);
    return new DoorEngine(deps, copy, queue);
  }

  /** Syncs and uploads at once, then every `SYNC_EVERY_MS`. */
  start(): void {
    const everyMinute = () => {
      if (this.closed) return;
      void this.meetServer();
      this.tick = this.deps.clock.setTimeout(everyMinute, SYNC_EVERY_MS);
    };
    everyMinute();
  }

  close(): void {
    this.closed = true;
    this.door.stop();
    this.deps.clock.clearTimeout(this.tick);
    this.listeners.clear();
  }

  getState(): DoorState {
    return this.state;
  }

  subscribe(listener: (state: DoorState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The browser says the network is back: sync now (online) or ask the server now. */
  networkBack(): void {
    if (this.door.connection === "online") void this.meetServer();
    else this.door.probeNow();
  }

  /** The browser says the network is gone: no point waiting for two failed scans. */
  networkGone(): void {
    this.door.goOffline();
  }

  async check(code: string, scanId: string): Promise<CheckedVerdict> {
    const { eventId, deviceId } = this.deps;
    if (this.door.connection === "online") {
      const attempt = await this.door.attempt((signal) =>
        this.deps.calls.scan({ eventId, code, deviceId, scanId }, signal),
      );
      if (attempt.answered) {
        this.rememberOnline(attempt.value, readTokenBytes(code.trim())?.claims.generation ?? 1);
        this.uploadLeftovers();
        return { verdict: attempt.value, offline: false };
      }
    }
    return this.offline(scanId, (copy) => judgeCodeOffline(copy, this.codes, code));
  }

  async admit(ticketId: string, scanId: string): Promise<CheckedVerdict> {
    const { eventId, deviceId } = this.deps;
    if (this.door.connection === "online") {
      const attempt = await this.door.attempt((signal) =>
        this.deps.calls.admit({ eventId, ticketId, deviceId, scanId }, signal),
      );
      if (attempt.answered) {
        this.rememberOnline(attempt.value, this.copy?.tickets.get(ticketId)?.g ?? 1);
        this.uploadLeftovers();
        return { verdict: attempt.value, offline: false };
      }
    }
    return this.offline(scanId, async (copy) => judgeIdOffline(copy, ticketId));
  }

  async search(query: string): Promise<DoorSyncTicket[]> {
    return this.copy?.searchable ? searchCopy(this.copy.tickets.values(), query) : [];
  }

  /** Down sync, never two at once; every page arrives before anything is stored. */
  sync(): Promise<void> {
    this.running.sync ??= this.runSync().finally(() => {
      this.running.sync = null;
      this.update({ syncing: false });
    });
    return this.running.sync;
  }

  /** Uploads the queue when online, never two at once; keeps what the server did not answer. */
  upload(): Promise<void> {
    if (this.door.connection === "offline" || this.queue.length === 0) return Promise.resolve();
    this.running.upload ??= this.runUpload().finally(() => {
      this.running.upload = null;
    });
    return this.running.upload;
  }

  private async meetServer(): Promise<void> {
    if (this.door.connection === "offline") return;
    try {
      await this.upload();
      await this.sync();
    } catch (error) {
      // The next minute, or the next reconnect, tries again; the door keeps judging. A sync
      // the server never answered switches offline: a desk with no scans must know too.
      if (isNetworkFailure(error)) this.door.goOffline();
    }
  }

  /** A complete sync is measured as "door-sync" (the bench reads it). */
  private async runSync(): Promise<void> {
    this.update({ syncing: true });
    const start = performance.now();
    const { db, userId, eventId } = this.deps;
    const pages = await this.fetchPages(this.copy?.cursor ?? null);
    const [first] = pages;
    if (!first) return;
    const queued = this.queue.filter((admission) => admission.eventId === eventId);
    const merged = mergedTickets(this.copy?.tickets ?? new Map(), pages, queued);
    const copy = copyAfterSync(first, merged.tickets, this.deps.now());
    this.copy = copy;
    this.codes = codesOf(copy.tickets.values());
    await saveSync(db, userId, copy, merged);
    this.update({ lastSyncAt: copy.lastSyncAt, searchable: copy.searchable });
    performance.measure("door-sync", { start, end: performance.now() });
    await dropStaleData(db, userId, this.deps.now());
  }

  /**
   * The pages from `since`; a cursor the server refuses (INVALID_ARGUMENT: not one it
   * wrote, e.g. after a server move) restarts with a full list rather than never syncing.
   */
  private async fetchPages(since: string | null) {
    const { calls, eventId } = this.deps;
    try {
      return await fetchSync(calls, eventId, since);
    } catch (error) {
      const refused = error instanceof CallableError && error.code === "invalid-argument";
      if (since === null || !refused) throw error;
      return fetchSync(calls, eventId, null);
    }
  }

  private async runUpload(): Promise<void> {
    const { results } = await uploadQueue(this.deps.calls, this.queue);
    const answered = new Set(results.map((result) => result.scanId));
    await removeQueued(this.deps.db, [...answered]);
    this.queue = this.queue.filter((admission) => !answered.has(admission.scanId));
    const conflicts = results.filter((result) => result.outcome !== "admitted");
    this.update({
      queueLength: this.queue.length,
      conflicts: conflicts.length ? [...this.state.conflicts, ...conflicts] : this.state.conflicts,
    });
  }

  /** Judged on this device, measured as "door-verdict" (the bench reads it). */
  private async offline(
    scanId: string,
    judge: (copy: DoorCopy) => Promise<OfflineJudgement>,
  ): Promise<CheckedVerdict> {
    const start = performance.now();
    try {
      if (!this.copy) throw new NoCopyYetError();
      const judged = await judge(this.copy);
      if (judged.kind === "verdict") return { verdict: judged.verdict, offline: true };
      return { verdict: await this.admitHere(this.copy, judged, scanId), offline: true };
    } finally {
      performance.measure("door-verdict", { start, end: performance.now() });
    }
  }

  /**
   * Marks the ticket checked in on this device before anything is awaited (a second scan
   * says already in at once), then keeps it and its queued admission together.
   */
  private async admitHere(
    copy: DoorCopy,
    judged: Extract<OfflineJudgement, { kind: "admit" }>,
    scanId: string,
  ): Promise<DoorVerdict> {
    const { userId, eventId, deviceId } = this.deps;
    const by = {
      staffName: this.deps.staffName(),
      deviceId,
      now: this.deps.now(),
      checkInId: this.deps.newId(),
    };
    const { checkIn, verdict } = localAdmission(copy, judged.ticket, by);
    const admission: QueuedAdmission = {
      scanId,
      ticketId: judged.ticket.id,
      generation: judged.generation,
      method: judged.generation === null ? "manual" : "scan",
      at: checkIn.at,
      userId,
      eventId,
      deviceId,
      checkIn,
    };
    const ticket = withLocalCheckIn(judged.ticket, admission) ?? judged.ticket;
    copy.tickets.set(ticket.id, ticket);
    this.queue.push(admission);
    this.update({ queueLength: this.queue.length });
    await saveAdmission(this.deps.db, ticket, admission);
    return verdict;
  }

  /**
   * The server answered a scan while admissions judged here wait (a single failed scan
   * queues one without switching offline): upload them now, not at the next minute.
   */
  private uploadLeftovers(): void {
    if (this.queue.length > 0) void this.upload().catch(() => {});
  }

  /** An online admission, noted in the copy: offline a minute later it is already in. */
  private rememberOnline(verdict: DoorVerdict, generation: number): void {
    const ticket = ticketAdmittedOnline(this.copy?.tickets, verdict, generation);
    if (ticket) this.copy?.tickets.set(ticket.id, ticket);
  }

  private connectionChanged(connection: DoorConnection): void {
    this.update({ connection });
    if (connection === "online") void this.meetServer();
  }

  private update(change: Partial<DoorState>): void {
    if (this.closed) return;
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener(this.state);
  }
}
