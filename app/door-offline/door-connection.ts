import { CallableError } from "#app/callable/callable.ts";
import type { DoorConnection } from "./offline-door.ts";

/** A scan slower than this is cut and judged on the device (the guest is not kept waiting). */
export const SCAN_CUT_MS = 3_000;
/** Failed or slow scans in a row that switch the door offline. */
export const FAILURES_TO_GO_OFFLINE = 2;
/** Offline, how often the server is asked whether it answers again. */
export const PROBE_EVERY_MS = 5_000;

export type SwitchClock = {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
};

export type DoorSwitchDeps = {
  clock: SwitchClock;
  /** A cheap authenticated call; resolves when the server answered. */
  probe(): Promise<unknown>;
  /** The state changed. */
  onChange(connection: DoorConnection): void;
};

/** The call did not get the server's answer: the network, a 5xx, or the cut. */
export function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof CallableError)) return true;
  // An answer the server gave on purpose (NOT_FOUND, RESOURCE_EXHAUSTED, …) is not one.
  return error.httpStatus === 0 || error.httpStatus >= 500;
}

/** What an online attempt gave: the server's answer, or nothing (judge on the device). */
export type Attempt<T> = { answered: true; value: T } | { answered: false };

/**
 * The automatic switch (decision 030): online, each call is cut at `SCAN_CUT_MS`; two
 * failed or cut calls in a row switch to offline. Offline, the server is probed every
 * `PROBE_EVERY_MS` and the door goes back online at its first answer.
 */
export class DoorSwitch {
  connection: DoorConnection = "online";
  private failures = 0;
  private probeTimer: unknown = null;
  private probing = false;
  private stopped = false;

  private readonly deps: DoorSwitchDeps;

  constructor(deps: DoorSwitchDeps) {
    this.deps = deps;
  }

  /**
   * Runs `call` online with the cut. A server's answer that is an error is thrown as
   * is; a failure counts toward going offline and answers `{answered: false}`.
   */
  async attempt<T>(call: (signal: AbortSignal) => Promise<T>): Promise<Attempt<T>> {
    const cut = new AbortController();
    let timer: unknown;
    const timedOut = new Promise<"cut">((resolve) => {
      timer = this.deps.clock.setTimeout(() => {
        cut.abort();
        resolve("cut");
      }, SCAN_CUT_MS);
    });
    try {
      const value = await Promise.race([call(cut.signal), timedOut]);
      if (value === "cut") return this.failed();
      this.failures = 0;
      return { answered: true, value: value as T };
    } catch (error) {
      if (!isNetworkFailure(error)) {
        this.failures = 0;
        throw error;
      }
      return this.failed();
    } finally {
      this.deps.clock.clearTimeout(timer);
    }
  }

  private failed(): { answered: false } {
    this.failures += 1;
    if (this.failures >= FAILURES_TO_GO_OFFLINE) this.goOffline();
    return { answered: false };
  }

  /** Switches offline (also by hand, e.g. the browser's `offline` event) and starts probing. */
  goOffline(): void {
    if (this.connection === "offline" || this.stopped) return;
    this.connection = "offline";
    this.deps.onChange("offline");
    this.scheduleProbe(PROBE_EVERY_MS);
  }

  /** The browser says it is back online: ask the server now rather than at the next probe. */
  probeNow(): void {
    if (this.connection === "online" || this.stopped) return;
    this.deps.clock.clearTimeout(this.probeTimer);
    this.scheduleProbe(0);
  }

  stop(): void {
    this.stopped = true;
    this.deps.clock.clearTimeout(this.probeTimer);
  }

  private scheduleProbe(ms: number): void {
    this.probeTimer = this.deps.clock.setTimeout(() => void this.runProbe(), ms);
  }

  private async runProbe(): Promise<void> {
    if (this.probing || this.stopped) return;
    this.probing = true;
    let answered: boolean;
    try {
      await this.deps.probe();
      answered = true;
    } catch (error) {
      answered = !isNetworkFailure(error);
    } finally {
      this.probing = false;
    }
    if (this.stopped) return;
    if (!answered) {
      this.scheduleProbe(PROBE_EVERY_MS);
      return;
    }
    this.failures = 0;
    this.connection = "online";
    this.deps.onChange("online");
  }
}
