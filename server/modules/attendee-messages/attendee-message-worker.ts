import type { Database } from "#server/platform/db/database.ts";
import { type BatchWorker, startBatchWorker } from "#server/platform/runtime/batch-worker.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import { type DeliveryDeps, deliverNextBatch } from "./attendee-message-delivery.ts";
import { onMessageQueued } from "./delivery-signal.ts";

export type AttendeeMessageWorker = Omit<BatchWorker, "wake">;

/**
 * The delivery loop every instance runs (platform/runtime/batch-worker.ts): batch after
 * batch while recipients are pending, woken at once when this process queues a message.
 */
export function startAttendeeMessageWorker(
  db: Database,
  log: Logger,
  deps: DeliveryDeps & { idleSeconds?: number },
): AttendeeMessageWorker {
  const worker = startBatchWorker({
    name: "attendee message",
    log,
    runBatch: () => deliverNextBatch(db, deps),
    idleSeconds: deps.idleSeconds,
  });
  const stopListening = onMessageQueued(worker.wake);
  return {
    async stop() {
      stopListening();
      await worker.stop();
    },
    batches: worker.batches,
    polls: worker.polls,
  };
}
