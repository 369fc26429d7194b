import type { Logger } from "./logger.ts";

/** A task run every few seconds on this instance; `stop` waits for a run in progress. */
export type Periodic = {
  stop(): Promise<void>;
  /** Runs it soon (after `delayMs`) instead of at the next tick; nothing when one is running. */
  wake(delayMs?: number): void;
};

/**
 * Runs `run` every `intervalSeconds` (0 or less: never), never two runs at once in this
 * process (a tick that finds one running skips). A failing run is logged with `failure`
 * and tried again at the next tick. The timer does not keep the process alive.
 */
export function startPeriodic(options: {
  intervalSeconds: number;
  log: Logger;
  failure: string;
  run: () => Promise<void>;
}): Periodic {
  if (options.intervalSeconds <= 0) return { stop: async () => {}, wake: () => {} };
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        await options.run();
      } catch (error) {
        options.log.warn({ err: error }, options.failure);
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, options.intervalSeconds * 1000);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
    wake(delayMs = 0) {
      setTimeout(tick, delayMs).unref();
    },
  };
}
