import { sql } from "drizzle-orm";
import type { NotifyOptions } from "#server/modules/notifications/notifications.service.ts";
import type { Database } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type BatchWorker, startBatchWorker } from "#server/platform/runtime/batch-worker.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import { switchOffIfFailing } from "./switch-off-endpoint.ts";
import { type AttemptOutcome, postWebhook } from "./webhook-post.ts";
import {
  defaultWebhookSchedule,
  leaseSeconds,
  retryDelaySeconds,
  type WebhookSchedule,
} from "./webhook-schedule.ts";
import { signedHeaders } from "./webhook-signing.ts";

export type WebhookWorkerDeps = NotifyOptions & {
  /** False in production: endpoints on this machine or a private network are refused. */
  privateNetworks: boolean;
  schedule?: Partial<WebhookSchedule>;
  /** Deliveries claimed at once by a loop (sent together; 50 by default). */
  batchSize?: number;
  log: Logger;
};

type Claimed = {
  id: string;
  endpoint_id: string;
  event_id: string;
  body: string;
  attempts: number;
  window_start: string;
  url: string;
  secret: string;
};

/**
 * Claims the due deliveries of enabled endpoints (`FOR UPDATE SKIP LOCKED`, so instances
 * share them), leases them for longer than an attempt may last and counts the attempt,
 * in one committed statement; then POSTs each, signed, and records what came back. A
 * process killed mid-attempt leaves the lease to lapse: the delivery is tried again, with
 * the same `webhook-id`, by whichever instance comes next. Answers how many it tried.
 */
export async function deliverDueWebhooks(db: Database, deps: WebhookWorkerDeps): Promise<number> {
  const schedule = { ...defaultWebhookSchedule, ...deps.schedule };
  const claimed = await rowsOf<Claimed>(
    db,
    sql`
      with due as (
        select d.id from webhook_deliveries d
        join webhook_endpoints w on w.id = d.endpoint_id and w.enabled
        where d.status = 'pending' and d.next_attempt_at <= now()
          and (d.lease_until is null or d.lease_until < now())
        order by d.next_attempt_at
        limit ${deps.batchSize ?? 50}
        for update of d skip locked
      )
      update webhook_deliveries d
      set lease_until = now() + make_interval(secs => ${leaseSeconds(schedule)}),
          attempts = d.attempts + 1, last_attempt_at = now()
      from due, webhook_endpoints w
      where d.id = due.id and w.id = d.endpoint_id
      returning d.id, d.endpoint_id, d.event_id, d.body, d.attempts, d.window_start::text,
                w.url, w.secret`,
  );
  const outcomes = await Promise.all(
    claimed.map(async (delivery) => {
      const headers = signedHeaders(delivery.secret, delivery.event_id, delivery.body);
      const outcome = await postWebhook(delivery.url, headers, delivery.body, {
        timeoutSeconds: schedule.timeoutSeconds,
        privateNetworks: deps.privateNetworks,
      });
      return { delivery, outcome };
    }),
  );
  if (outcomes.length > 0) await record(db, outcomes, schedule, deps);
  return claimed.length;
}

type Attempt = { delivery: Claimed; outcome: AttemptOutcome };

/**
 * A batch's outcomes and their endpoints' health, in one transaction of a constant
 * number of statements. Delivered: done for good, and the endpoint is well again. Failed:
 * due again after the schedule's wait, never later than the window's end, when one last
 * attempt is made; failing then, the delivery is `failed` and its endpoint is switched
 * off if nothing got through to it since.
 */
async function record(
  db: Database,
  attempts: Attempt[],
  schedule: WebhookSchedule,
  deps: WebhookWorkerDeps,
): Promise<void> {
  const rows = attempts.map(({ delivery, outcome }) => ({
    id: delivery.id,
    delivered: outcome.delivered,
    status_code: outcome.statusCode,
    error: outcome.error,
    delay: retryDelaySeconds(schedule, delivery.attempts),
  }));
  const windowEnd = sql`d.window_start + make_interval(secs => ${schedule.windowSeconds})`;
  await db.transaction(async (tx) => {
    const settled = await rowsOf<{
      id: string;
      endpoint_id: string;
      status: string;
      window_start: string;
    }>(
      tx,
      sql`
        update webhook_deliveries d
        set status = case when o.delivered then 'delivered'
                          when now() >= ${windowEnd} then 'failed' else 'pending' end,
            delivered_at = case when o.delivered then now() end,
            next_attempt_at = case when o.delivered then d.next_attempt_at
                                   else least(now() + make_interval(secs => o.delay), ${windowEnd}) end,
            lease_until = null, last_status_code = o.status_code, last_error = o.error
        from json_to_recordset(${JSON.stringify(rows)}::json)
             as o(id uuid, delivered boolean, status_code int, error text, delay int)
        where d.id = o.id
        returning d.id, d.endpoint_id, d.status, d.window_start::text`,
    );
    // An endpoint that took anything in this batch is well; one that took nothing is failing.
    await tx.execute(sql`
      update webhook_endpoints w
      set failing_since = case when h.took then null else coalesce(w.failing_since, now()) end
      from (select d.endpoint_id, bool_or(d.status = 'delivered') as took
            from webhook_deliveries d
            where d.id in (select (r->>'id')::uuid from json_array_elements(${JSON.stringify(rows)}::json) r)
            group by d.endpoint_id) h
      where w.id = h.endpoint_id
        and (w.failing_since is null) <> h.took`);
    for (const gaveUp of settled.filter((row) => row.status === "failed")) {
      await switchOffIfFailing(tx, gaveUp.endpoint_id, gaveUp.window_start, deps);
    }
  });
  for (const { delivery, outcome } of attempts) {
    if (outcome.delivered) continue;
    deps.log.info(
      { deliveryId: delivery.id, statusCode: outcome.statusCode, error: outcome.error },
      "webhook attempt failed",
    );
  }
}

/**
 * The webhook worker every instance runs (server/main.ts): `loops` batch loops side by
 * side (4 by default), so an endpoint slow to answer holds up only its own batch; each
 * runs batches while deliveries are due, then looks every `idleSeconds` (1 by default: a
 * new event goes out about a second after its change commits).
 */
export function startWebhookWorker(
  db: Database,
  deps: WebhookWorkerDeps & { idleSeconds?: number; loops?: number },
): { stop(): Promise<void> } {
  const loops: BatchWorker[] = Array.from({ length: deps.loops ?? 4 }, () =>
    startBatchWorker({
      name: "webhook delivery",
      log: deps.log,
      runBatch: () => deliverDueWebhooks(db, deps),
      idleSeconds: deps.idleSeconds,
    }),
  );
  return {
    async stop() {
      await Promise.all(loops.map((loop) => loop.stop()));
    },
  };
}
