import { asc, eq, type SQL, sql } from "drizzle-orm";
import { fromDrizzle, type Db as JobDatabase, type JobInsert } from "pg-boss";
import type { Settings } from "#server/config.ts";
import type { DatabaseHandle, Executor } from "#server/platform/db/database.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import { createJobQueue, oneInstanceAtATime } from "./job-queue.ts";
import type { EmailComposer } from "./message-adapter.ts";
import { adaptersFromSettings, type MessageAdapters } from "./message-adapters.ts";
import { type DeliveryJob, type JobOutcome, messageDeliverer } from "./message-delivery.ts";
import type { MessageService, MessageToQueue, Queued } from "./message-service.ts";
import { outboundMessages } from "./messages.schema.ts";
import { insertOutboundMessages } from "./outbound-rows.ts";

/** pg-boss queue of deliveries; a job's id is its message's id, so enqueueing twice is a no-op. */
export const DELIVERY_QUEUE = "deliver-message";

export type DeliveryOptions = {
  /** Retries after the first attempt; then the message is marked failed. */
  retryLimit: number;
  /** First retry delay; each next one doubles (pg-boss adds jitter), up to retryDelayMax. */
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
  /** PostgreSQL (no LISTEN here): how often an idle worker looks for jobs. */
  pollingIntervalSeconds: number;
  /** How often queued messages without a job are looked for (see sweep()). */
  sweepIntervalSeconds: number;
  /** Batches at once in this process. */
  concurrency: number;
  /** Jobs per fetch, delivered together: deliveries at once are up to concurrency × batchSize. */
  batchSize: number;
};

const defaultDelivery: DeliveryOptions = {
  retryLimit: 8,
  retryDelaySeconds: 5,
  retryDelayMaxSeconds: 900,
  pollingIntervalSeconds: 2,
  sweepIntervalSeconds: 300,
  concurrency: 4,
  // A batch costs two database round trips whatever its size (message-delivery.ts), and its
  // messages go to the providers at once: 4 × 50 in flight keep pooled SMTP connections
  // and kept-alive HTTP busy without a job waiting long behind slow ones.
  batchSize: 50,
};

export type MessageServiceDeps = {
  settings: Settings;
  database: DatabaseHandle;
  log: Logger;
  /** Tests: adapters of their own instead of the ones the settings choose. */
  adapters?: MessageAdapters;
  delivery?: Partial<DeliveryOptions>;
};

/**
 * Messages out: the outbound_messages row is the source of truth; a pg-boss job per
 * message delivers it with retries.
 *
 * Queueing inserts the row and the job in one transaction, inside the caller's (a
 * savepoint there, its own transaction when given the database), through pg-boss's
 * Drizzle adapter: a rolled-back change sends nothing, and a committed one always has its
 * job. Before start() (tests that build services without workers) only the row is
 * written; start() and a periodic sweep enqueue every still-queued row, idempotently
 * because the job id is the message id. Delivery is at least once: a process dying
 * between the provider's answer and the status update sends that message again.
 */
export async function createMessageService(deps: MessageServiceDeps): Promise<MessageService> {
  const { settings, database, log } = deps;
  const options = { ...defaultDelivery, ...deps.delivery };
  const adapters = deps.adapters ?? adaptersFromSettings(settings, log);
  const boss = createJobQueue(database, log);
  const db = database.db;
  const composers = new Map<string, EmailComposer>();
  const deliverer = messageDeliverer({ db, adapters, composers, log });
  let started = false;
  let sweepTimer: NodeJS.Timeout | undefined;

  if (settings.NODE_ENV === "production" && usesOutbox(settings)) {
    // Allowed on the embedded database (local demo) or with ALLOW_OUTBOX_IN_PRODUCTION.
    log.warn(
      { sms: settings.SMS_PROVIDER, mail: settings.MAIL_PROVIDER },
      "messages are not sent: the outbox keeps them in the database and this log",
    );
  }

  /** A message's delivery job: its id is the message's, so enqueueing twice adds nothing. */
  const deliveryJob = (messageId: string): JobInsert<DeliveryJob> => ({
    id: messageId,
    data: { messageId },
    retryLimit: options.retryLimit,
    retryDelay: options.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: options.retryDelayMaxSeconds,
    expireInSeconds: 120,
  });

  /**
   * The rows in one multi-row insert and their jobs in one insert, in a savepoint of the
   * caller's transaction: a rolled-back change sends nothing, a committed one has every
   * job. A job's id is its message's id, so the sweep enqueueing it again adds nothing.
   */
  async function queueMany(tx: Executor, messages: MessageToQueue[]): Promise<Queued[]> {
    if (messages.length === 0) return [];
    return tx.transaction(async (inner) => {
      const queued = await insertOutboundMessages(inner, messages);
      const fresh = queued.filter((message) => !message.duplicate);
      if (started && fresh.length > 0) {
        // Always through `inner`: on PGlite anything else waits for this transaction forever.
        await boss.insert(
          DELIVERY_QUEUE,
          fresh.map(({ id }) => deliveryJob(id)),
          {
            db: jobDatabaseOf(inner),
          },
        );
      }
      return queued;
    });
  }

  async function queueOne(tx: Executor, message: MessageToQueue): Promise<Queued> {
    const [queued] = await queueMany(tx, [message]);
    if (!queued) throw new Error("outbound message not queued");
    return queued;
  }

  /** Enqueues every queued row; rows that already have their job are skipped by pg-boss. */
  async function sweep(): Promise<void> {
    const rows = await db
      .select({ id: outboundMessages.id })
      .from(outboundMessages)
      .where(eq(outboundMessages.status, "queued"))
      .orderBy(asc(outboundMessages.createdAt))
      .limit(1000);
    // One statement; pg-boss's insert skips the ids that already have their job.
    if (rows.length > 0)
      await boss.insert(
        DELIVERY_QUEUE,
        rows.map(({ id }) => deliveryJob(id)),
      );
  }

  return {
    queueSms: (tx, to, text, queueOptions) =>
      queueOne(tx, { ...queueOptions, channel: "sms", to, text }),
    queueEmail: (tx, message, queueOptions) =>
      queueOne(tx, { ...queueOptions, channel: "email", ...message }),
    queueMany,
    addComposer(name, composer) {
      composers.set(name, composer);
    },

    async start() {
      if (started) return;
      await oneInstanceAtATime(database, async () => {
        await boss.start();
        await boss.createQueue(DELIVERY_QUEUE);
      });
      // Loads the queue into pg-boss's cache now: a cache miss inside a caller's PGlite
      // transaction would query outside it and wait for that transaction forever.
      await boss.findJobs(DELIVERY_QUEUE, { id: "00000000-0000-0000-0000-000000000000" });
      // Batches, fetched again at once while they come back full: one job per fetch and a
      // poll between fetches sent a few messages a second, and an event's cancellation to
      // thousands took most of an hour. Each job of a batch has its own outcome (a failure
      // is retried with backoff alone).
      await boss.work<
        DeliveryJob,
        JobOutcome[],
        {
          batchSize: number;
          includeMetadata: true;
          perJobResults: true;
          burstWhenBatchFull: true;
          localConcurrency: number;
          pollingIntervalSeconds: number;
        }
      >(
        DELIVERY_QUEUE,
        {
          batchSize: options.batchSize,
          includeMetadata: true,
          perJobResults: true,
          burstWhenBatchFull: true,
          localConcurrency: options.concurrency,
          pollingIntervalSeconds: options.pollingIntervalSeconds,
        },
        (jobs) => deliverer.deliverBatch(jobs),
      );
      started = true;
      await sweep();
      sweepTimer = setInterval(() => {
        sweep().catch((error) => log.warn({ err: error }, "outbox sweep failed"));
      }, options.sweepIntervalSeconds * 1000);
      sweepTimer.unref();
    },

    async stop() {
      if (sweepTimer) clearInterval(sweepTimer);
      sweepTimer = undefined;
      if (!started) return;
      started = false;
      // Waits for running deliveries (up to the timeout), then fails what is left so it
      // is retried after a restart.
      await boss.stop({ graceful: true, timeout: 15_000, close: false });
    },
  };
}

/** pg-boss statements inside one of our transactions (Drizzle's execute on that handle). */
function jobDatabaseOf(tx: Executor): JobDatabase {
  return fromDrizzle(
    { execute: (query) => tx.execute(query as SQL) as Promise<{ rows: unknown[] }> },
    sql,
  );
}

function usesOutbox(settings: Settings): boolean {
  return settings.SMS_PROVIDER === "outbox" || settings.MAIL_PROVIDER === "outbox";
}
