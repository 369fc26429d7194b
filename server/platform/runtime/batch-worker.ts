import type { Logger } from "./logger.ts";

export type BatchWorker = {
  /** Stops after the batch in hand (a batch is one transaction: never half done). */
  stop(): Promise<void>;
  /** Batches that did some work since it started. */
  batches(): number;
  /** Looks at the queue so far, batches or not (one a poll when idle). */
  polls(): number;
  /** Look again now instead of at the next poll (work was queued in this process). */
  wake(): void;
};

/**
 * A loop every instance runs over a queue that is a table (rows claimed `FOR UPDATE SKIP
 * LOCKED` by `runBatch`, which answers how many it did): batch after batch while there is
 * work, then a poll every `idleSeconds`, cut short by `wake()`. Nothing to recover after
 * a restart: the next loop finds what is still undone.
 */
export function startBatchWorker(options: {
  name: string;
  log: Logger;
  runBatch: () => Promise<number>;
  idleSeconds?: number;
}): BatchWorker {
  const idleMs = (options.idleSeconds ?? 1) * 1000;
  let running = true;
  let done = 0;
  let looks = 0;
  let wakeUp: (() => void) | null = null;
  // Work queued while a batch (or an empty look) was in hand: look again at once.
  let queued = false;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const loop = (async () => {
    while (running) {
      try {
        const count = await options.runBatch();
        looks++;
        if (count > 0) {
          done++;
          continue;
        }
      } catch (error) {
        options.log.warn({ err: error }, `${options.name} batch failed; will retry`);
      }
      if (running && !queued) await pause(idleMs);
      queued = false;
      wakeUp = null;
    }
  })();
  const wake = () => {
    queued = true;
    wakeUp?.();
  };
  return {
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
    },
    batches: () => done,
    polls: () => looks,
    wake,
  };
}
