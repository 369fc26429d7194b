import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type BatchWorker, startBatchWorker } from "#server/platform/runtime/batch-worker.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import {
  type NotificationKind,
  noticeFanoutRecipients,
  noticeFanouts,
} from "./notifications.schema.ts";
import { type NotifyOptions, notifyUsers } from "./notifications.service.ts";

export type FanoutStart = {
  /** At most one fan-out per key (e.g. `reminder:{eventId}`): a second start is a no-op. */
  key?: string;
  kind: NotificationKind;
  eventId?: string;
  title: string;
  body: string;
  link?: string | null;
  /** Every channel each person has, whatever their settings (changes, cancellations). */
  always?: boolean;
  /**
   * Who: a query answering `user_id` (uuid) and `link` (text or null) per row, one row
   * per person (e.g. `select distinct holder_user_id as user_id, null as link from tickets …`).
   */
  recipients: SQL;
};

/**
 * Starts telling many people one thing, in the caller's transaction: the fan-out and its
 * recipients (fixed now: holders at the time of the change) are written; the notice worker
 * tells them batch by batch. Answers the fan-out, or null when its key was used before or
 * nobody is to be told.
 */
export async function startFanout(
  tx: Executor,
  fanout: FanoutStart,
): Promise<{ id: string; total: number } | null> {
  const [row] = await tx
    .insert(noticeFanouts)
    .values({
      key: fanout.key ?? null,
      kind: fanout.kind,
      eventId: fanout.eventId ?? null,
      title: fanout.title,
      body: fanout.body,
      link: fanout.link ?? null,
      always: fanout.always ?? false,
    })
    .onConflictDoNothing({ target: noticeFanouts.key })
    .returning({ id: noticeFanouts.id });
  if (!row) return null;
  const inserted = await rowsOf<{ count: number }>(
    tx,
    sql`with added as (
          insert into notice_fanout_recipients (fanout_id, user_id, link)
          select ${row.id}::uuid, r.user_id, r.link from (${fanout.recipients}) r
          on conflict do nothing
          returning 1)
        select count(*)::int as count from added`,
  );
  const total = inserted[0]?.count ?? 0;
  if (total === 0) {
    // Nobody to tell: settled at once (and its key stays used: not tried again).
    await tx
      .update(noticeFanouts)
      .set({ status: "sent", finishedAt: new Date() })
      .where(eq(noticeFanouts.id, row.id));
    return null;
  }
  await tx.update(noticeFanouts).set({ total }).where(eq(noticeFanouts.id, row.id));
  fanoutStarted();
  return { id: row.id, total };
}

export type FanoutDeps = NotifyOptions & {
  /** Recipients per transaction. */
  batchSize?: number;
  /** Tests: runs inside the batch's transaction after the writes, before the commit. */
  beforeCommit?: () => Promise<void>;
};

/**
 * Tells one batch of pending recipients, in one transaction, and answers how many.
 * Claimed `FOR UPDATE SKIP LOCKED` (instances take different people); each is told
 * through notifyUsers under the key `{fanoutId}:{userId}`, `delivered_at` set and the
 * counters moved in the same commit. A crash before the commit undoes the batch, which
 * the next worker takes again; the keys make a channel used once whatever happens.
 */
export async function deliverNextFanoutBatch(db: Database, deps: FanoutDeps): Promise<number> {
  // As attendee messages' batches (contract/attendee-message-options.ts): a few statements
  // per batch whatever its size.
  const size = deps.batchSize ?? 1000;
  return db.transaction(async (tx) => {
    const claimed = await rowsOf<{ fanout_id: string; user_id: string; link: string | null }>(
      tx,
      sql`select fanout_id, user_id, link from notice_fanout_recipients
          where delivered_at is null
          order by fanout_id, user_id
          limit ${size}
          for update skip locked`,
    );
    if (claimed.length === 0) return 0;
    const byFanout = new Map<string, typeof claimed>();
    for (const row of claimed)
      byFanout.set(row.fanout_id, [...(byFanout.get(row.fanout_id) ?? []), row]);
    for (const [fanoutId, rows] of byFanout) await tellBatch(tx, fanoutId, rows, deps);
    await deps.beforeCommit?.();
    return claimed.length;
  });
}

async function tellBatch(
  tx: Executor,
  fanoutId: string,
  rows: { user_id: string; link: string | null }[],
  deps: FanoutDeps,
): Promise<void> {
  const [fanout] = await tx.select().from(noticeFanouts).where(eq(noticeFanouts.id, fanoutId));
  if (!fanout) return;
  await notifyUsers(
    tx,
    rows.map((row) => ({
      userId: row.user_id,
      kind: fanout.kind,
      title: fanout.title,
      body: fanout.body,
      link: row.link ?? fanout.link,
      always: fanout.always,
      key: `${fanout.id}:${row.user_id}`,
      sourceId: fanout.id,
    })),
    deps,
  );
  const userIds = rows.map((row) => row.user_id);
  await tx
    .update(noticeFanoutRecipients)
    .set({ deliveredAt: new Date() })
    .where(
      and(
        eq(noticeFanoutRecipients.fanoutId, fanoutId),
        // One array, not a bound value per person.
        sql`${noticeFanoutRecipients.userId} = any(${`{${userIds.join(",")}}`}::uuid[])`,
      ),
    );
  // Under the fan-out row's lock, so batches of several workers add up.
  await tx
    .update(noticeFanouts)
    .set({
      delivered: sql`${noticeFanouts.delivered} + ${userIds.length}`,
      status: sql`case when ${noticeFanouts.delivered} + ${userIds.length} >= ${noticeFanouts.total} then 'sent' else 'sending' end`,
      finishedAt: sql`case when ${noticeFanouts.delivered} + ${userIds.length} >= ${noticeFanouts.total} then now() end`,
    })
    .where(eq(noticeFanouts.id, fanoutId));
}

const listeners = new Set<() => void>();

/** In this process: a fan-out was written, so the worker looks now (after the commit it may miss it; it polls anyway). */
function fanoutStarted(): void {
  for (const listener of listeners) queueMicrotask(listener);
}

/**
 * The notice worker every instance runs (server/main.ts): fan-out batches while people
 * are pending, then a poll every `idleSeconds`.
 */
export function startNoticeWorker(
  db: Database,
  log: Logger,
  deps: FanoutDeps & { idleSeconds?: number },
): Omit<BatchWorker, "wake"> {
  const worker = startBatchWorker({
    name: "notice fan-out",
    log,
    runBatch: () => deliverNextFanoutBatch(db, deps),
    idleSeconds: deps.idleSeconds,
  });
  listeners.add(worker.wake);
  return {
    async stop() {
      listeners.delete(worker.wake);
      await worker.stop();
    },
    batches: worker.batches,
    polls: worker.polls,
  };
}
