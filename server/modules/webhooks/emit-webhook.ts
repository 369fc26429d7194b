import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { WebhookData, WebhookEventType } from "#contract/webhooks.ts";
import type { Executor } from "#server/platform/db/database.ts";

/** Something that happened to one of our events, for the webhooks of the event's business. */
export type WebhookEvent<T extends WebhookEventType = WebhookEventType> = {
  /** Our event it is about: its business's endpoints that want `type` get it. */
  eventId: string;
  type: T;
  data: WebhookData[T];
};

/** A `webhook-id`: one per event, the same on every attempt and to every endpoint. */
export function newWebhookMessageId(): string {
  return `msg_${randomUUID().replaceAll("-", "")}`;
}

/** The exact bytes POSTed on every attempt (Standard Webhooks: type, timestamp, data). */
export function webhookBody(type: string, data: object, at = new Date()): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

/**
 * Queues webhook deliveries of what happened, in the caller's transaction: a rolled-back
 * change sends nothing, a committed one is delivered by the webhook worker (never inside
 * this request). One statement whatever the number of events: a delivery row for each
 * enabled endpoint of each event's business that wants its type, none (and no cost but
 * the statement) for a business without webhooks. Call it once per change: each call is a
 * new event with its own `webhook-id`.
 */
export async function emitWebhooks(tx: Executor, happened: WebhookEvent[]): Promise<void> {
  if (happened.length === 0) return;
  const at = new Date();
  const rows = happened.map((event) => ({
    subject: event.eventId,
    message_id: newWebhookMessageId(),
    type: event.type,
    body: webhookBody(event.type, event.data, at),
  }));
  await tx.execute(
    queueDeliveries(
      sql`json_to_recordset(${JSON.stringify(rows)}::json)
        as x(subject uuid, message_id text, type text, body text)`,
    ),
  );
}

/**
 * The same queueing as one step of a bigger statement (a CTE: `queued as (${…})`), for a
 * change made in one statement whose single round trip matters (the door's admission):
 * the deliveries are written by that statement, so they stand or fall with it. `events`
 * selects one row per event: `subject` (our event's id, uuid), `type` and `data` (json);
 * the database makes the `webhook-id` (one per row, shared by its endpoints: a volatile
 * function keeps the subquery from being merged into the join) and the body, in the
 * shape of `webhookBody`.
 */
export function queueWebhooksSql(events: SQL): SQL {
  return queueDeliveries(sql`(
      select s.subject, 'msg_' || replace(gen_random_uuid()::text, '-', '') as message_id,
        s.type, json_build_object(
          'type', s.type, 'timestamp', ${isoTimestampSql(sql`statement_timestamp()`)},
          'data', s.data)::text as body
      from (${events}) s
    ) x`);
}

/** A timestamptz as `Date.toISOString` writes it (UTC, milliseconds, `Z`). */
export function isoTimestampSql(at: SQL): SQL<string> {
  return sql<string>`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The one rule of who gets an event: a delivery row for each enabled endpoint of the
 * event's business that wants its type. `events` is a FROM item aliased `x` with `subject`,
 * `message_id`, `type` and `body`.
 */
function queueDeliveries(events: SQL): SQL {
  return sql`insert into webhook_deliveries (endpoint_id, event_id, type, body)
    select w.id, x.message_id, x.type, x.body
    from ${events}
    join events e on e.id = x.subject
    join webhook_endpoints w
      on w.business_id = e.business_id and w.enabled and x.type = any(w.events)
    on conflict (endpoint_id, event_id) do nothing`;
}

/** One event: see `emitWebhooks`. */
export function emitWebhook<T extends WebhookEventType>(
  tx: Executor,
  event: WebhookEvent<T>,
): Promise<void> {
  return emitWebhooks(tx, [event as WebhookEvent]);
}
