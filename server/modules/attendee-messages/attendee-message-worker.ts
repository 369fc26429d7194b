import type { Database } from "#server/platform/db/database.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import { type DeliveryDeps, deliverNextBatch } from "./attendee-message-delivery.ts";
import { onMessageQueued } from "./delivery-signal.ts";

export type AttendeeMessageWorker = {
  /** Stops after the batch in hand (a batch is one transaction: never half done). */
  stop(): Promise<void>;
  /** Batches delivered by this worker since it started. */
  batches(): number;
  /** Looks at the queue so far, batches or not (one a poll when idle). */
  polls(): number;
};

/**
 * The delivery loop every instance runs: batch after batch while recipients are pending,
 * then a poll every `idleSeconds`, cut short when this process queues a message. The queue
 * is the recipients table itself, so there is nothing to recover after a restart: the next
 * loop finds what is still undelivered.
 */
export function startAttendeeMessageWorker(
  db: Database,
  log: Logger,
  deps: DeliveryDeps & { idleSeconds?: number },
): AttendeeMessageWorker {
  const idleMs = (deps.idleSeconds ?? 1) * 1000;
  let running = true;
  let delivered = 0;
  let looks = 0;
  let wakeUp: (() => void) | null = null;
  // A message queued while a batch (or an empty look) was in hand: look again at once.
  let queued = false;
  const stopListening = onMessageQueued(() => {
    queued = true;
    wakeUp?.();
  });
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
        const count = await deliverNextBatch(db, deps);
        looks++;
        if (count > 0) {
          delivered++;
          continue;
        }
      } catch (error) {
        log.warn({ err: error }, "attendee message batch failed; will retry");
      }
      if (running && !queued) await pause(idleMs);
      queued = false;
      wakeUp = null;
    }
  })();
  return {
    async stop() {
      running = false;
      stopListening();
      wakeUp?.();
      await loop;
    },
    batches: () => delivered,
    polls: () => looks,
  };
}
