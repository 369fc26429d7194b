import { describe, expect, it } from "vitest";
import { CallableError } from "#app/callable/callable.ts";
import { DoorSwitch, PROBE_EVERY_MS, SCAN_CUT_MS, type SwitchClock } from "./door-connection.ts";
import type { DoorConnection } from "./offline-door.ts";

/** Timers run only when the test advances the clock. */
function fakeClock() {
  let now = 0;
  let next = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  const clock: SwitchClock = {
    setTimeout(run, ms) {
      next += 1;
      timers.set(next, { at: now + ms, run });
      return next;
    },
    clearTimeout(timer) {
      timers.delete(timer as number);
    },
  };
  async function advance(ms: number) {
    const until = now + ms;
    for (;;) {
      const due = [...timers.entries()]
        .filter(([, t]) => t.at <= until)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].run();
      await flush();
    }
    now = until;
    await flush();
  }
  return { clock, advance };
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

const unreachable = () => new CallableError("internal", "Could not reach the server.");
const never = () => new Promise<never>(() => {});

function setup(probe: () => Promise<unknown> = () => Promise.resolve()) {
  const { clock, advance } = fakeClock();
  const changes: DoorConnection[] = [];
  const door = new DoorSwitch({ clock, probe: () => probe(), onChange: (c) => changes.push(c) });
  return { door, advance, changes };
}

describe("the automatic switch", () => {
  it("goes offline after two failed scans in a row, not after one", async () => {
    const { door, changes } = setup();
    expect(await door.attempt(() => Promise.reject(unreachable()))).toEqual({ answered: false });
    expect(door.connection).toBe("online");
    await door.attempt(() => Promise.reject(new TypeError("fetch failed")));
    expect(door.connection).toBe("offline");
    expect(changes).toEqual(["offline"]);
  });

  it("counts a 5xx as a failure and a success in between resets the count", async () => {
    const { door } = setup();
    const unavailable = new CallableError("unavailable", "Down", undefined, 503);
    await door.attempt(() => Promise.reject(unavailable));
    await door.attempt(() => Promise.resolve("answer"));
    await door.attempt(() => Promise.reject(unavailable));
    expect(door.connection).toBe("online");
  });

  it("cuts a slow scan at 3 s (it counts) and aborts its request", async () => {
    const { door, advance } = setup();
    let aborted = false;
    const first = door.attempt((signal) => {
      signal.addEventListener("abort", () => {
        aborted = true;
      });
      return never();
    });
    let settled = false;
    void first.then(() => {
      settled = true;
    });
    await advance(SCAN_CUT_MS - 1);
    expect(settled).toBe(false);
    await advance(1);
    expect(await first).toEqual({ answered: false });
    expect(aborted).toBe(true);
    const second = door.attempt(never);
    await advance(SCAN_CUT_MS);
    await second;
    expect(door.connection).toBe("offline");
  });

  it("does not count an answer that is an error (NOT_FOUND, RESOURCE_EXHAUSTED): it is thrown", async () => {
    const { door } = setup();
    const notFound = new CallableError("not-found", "Not found.", undefined, 404);
    const limited = new CallableError("resource-exhausted", "Slow down.", undefined, 429);
    await expect(door.attempt(() => Promise.reject(notFound))).rejects.toBe(notFound);
    await expect(door.attempt(() => Promise.reject(limited))).rejects.toBe(limited);
    expect(door.connection).toBe("online");
  });

  it("offline, probes every few seconds and goes back online at the first answer", async () => {
    let answering = false;
    let probes = 0;
    const { door, advance, changes } = setup(() => {
      probes += 1;
      return answering ? Promise.resolve() : Promise.reject(unreachable());
    });
    door.goOffline();
    await advance(PROBE_EVERY_MS);
    await advance(PROBE_EVERY_MS);
    expect(probes).toBe(2);
    expect(door.connection).toBe("offline");
    answering = true;
    await advance(PROBE_EVERY_MS);
    expect(door.connection).toBe("online");
    expect(changes).toEqual(["offline", "online"]);
    // Online again: a single failure does not switch back at once.
    await door.attempt(() => Promise.reject(unreachable()));
    expect(door.connection).toBe("online");
  });

  it("goes back online on a probe the server answered with an error (it is reachable)", async () => {
    const { door, advance } = setup(() =>
      Promise.reject(new CallableError("not-found", "Not found.", undefined, 404)),
    );
    door.goOffline();
    await advance(PROBE_EVERY_MS);
    expect(door.connection).toBe("online");
  });

  it("probes at once when the browser says the network is back", async () => {
    let probes = 0;
    const { door, advance } = setup(() => {
      probes += 1;
      return Promise.resolve();
    });
    door.goOffline();
    door.probeNow();
    await advance(0);
    expect(probes).toBe(1);
    expect(door.connection).toBe("online");
  });
});
