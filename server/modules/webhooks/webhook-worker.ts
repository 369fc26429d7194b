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
  schedule?: Partial<WebhookSchedule>;
  /** Deliveries claimed at once (sent together). */
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
        limit ${deps.batchSize ?? 20}
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
  await Promise.all(
    claimed.map(async (delivery) => {
      const headers = signedHeaders(delivery.secret, delivery.event_id, delivery.body);
      const outcome = await postWebhook(
        delivery.url,
        headers,
        delivery.body,
        schedule.timeoutSeconds,
      );
      await record(db, delivery, outcome, schedule, deps);
    }),
  );
  return claimed.length;
}

/**
 * One attempt's outcome, with its endpoint's health, in one transaction. Delivered: done
 * for good, and the endpoint is well again. Failed: due again after the schedule's wait,
 * never later than the window's end, when one last attempt is made; failing then, the
 * delivery is `failed` and the endpoint is switched off if nothing got through since.
 */
async function record(
  db: Database,
  delivery: Claimed,
  outcome: AttemptOutcome,
  schedule: WebhookSchedule,
  deps: WebhookWorkerDeps,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (outcome.delivered) {
      await tx.execute(sql`
        update webhook_deliveries
        set status = 'delivered', delivered_at = now(), lease_until = null,
            last_status_code = ${outcome.statusCode}, last_error = null
        where id = ${delivery.id}`);
      await tx.execute(sql`
        update webhook_endpoints set failing_since = null
        where id = ${delivery.endpoint_id} and failing_since is not null`);
      return;
    }
    const window = sql`${new Date(delivery.window_start)}::timestamptz + make_interval(secs => ${schedule.windowSeconds})`;
    const [after] = await rowsOf<{ status: string }>(
      tx,
      sql`
        update webhook_deliveries
        set status = case when now() >= ${window} then 'failed' else 'pending' end,
            next_attempt_at = least(
              now() + make_interval(secs => ${retryDelaySeconds(schedule, delivery.attempts)}),
              ${window}),
            lease_until = null, last_status_code = ${outcome.statusCode},
            last_error = ${outcome.error}
        where id = ${delivery.id}
        returning status`,
    );
    await tx.execute(sql`
      update webhook_endpoints set failing_since = coalesce(failing_since, now())
      where id = ${delivery.endpoint_id}`);
    if (after?.status === "failed") {
      await switchOffIfFailing(tx, delivery.endpoint_id, delivery.window_start, deps);
    }
  });
  if (!outcome.delivered) {
    deps.log.info(
      { deliveryId: delivery.id, statusCode: outcome.statusCode, error: outcome.error },
      "webhook attempt failed",
    );
  }
}

/**
 * The webhook worker every instance runs (server/main.ts): batches while deliveries are
 * due, then a look every `idleSeconds` (1 by default: a new event goes out about a second
 * after its change commits).
 */
export function startWebhookWorker(
  db: Database,
  deps: WebhookWorkerDeps & { idleSeconds?: number },
): BatchWorker {
  return startBatchWorker({
    name: "webhook delivery",
    log: deps.log,
    runBatch: () => deliverDueWebhooks(db, deps),
    idleSeconds: deps.idleSeconds,
  });
}
