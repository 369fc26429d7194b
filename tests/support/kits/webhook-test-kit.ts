import type { ServerResponse } from "node:http";
import { sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { type WebhookEventType, webhookEventTypes } from "#contract/webhooks.ts";
import { newWebhookSecret } from "#server/modules/webhooks/webhook-secret.ts";
import { webhookEndpoints } from "#server/modules/webhooks/webhooks.schema.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type HttpPeer, type PeerRequest, startHttpPeer } from "#tests/support/http-peer.ts";

/** An endpoint of `businessId` inserted as the console keeps it, wanting `events`. */
export async function insertEndpoint(
  db: Executor,
  businessId: string,
  url: string,
  events: readonly WebhookEventType[] = webhookEventTypes,
  options: { enabled?: boolean } = {},
) {
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({
      businessId,
      url,
      events: [...events],
      secret: newWebhookSecret(),
      enabled: options.enabled ?? true,
    })
    .returning();
  if (!endpoint) throw new Error("no endpoint");
  return endpoint;
}

/** What a receiver does with one request: answer a status (after `delayMs`), or never. */
export type ReceiverAnswer = number | { status: number; delayMs: number } | "hang";

export type WebhookReceiver = HttpPeer & {
  /** The bodies whose signature checks with `secret` (Standard Webhooks' own verifier). */
  verified(secret: string): { id: string; body: { type: string; data: Record<string, unknown> } }[];
};

/**
 * A local webhook receiver: answers each request with the next of `answers` (the last
 * repeats; 200 when none), so a test can make it fail first, hang or be slow.
 */
export async function startWebhookReceiver(
  answers: ReceiverAnswer[] = [],
): Promise<WebhookReceiver> {
  let next = 0;
  const peer = await startHttpPeer((_request: PeerRequest, res: ServerResponse) => {
    const answer = answers[Math.min(next, answers.length - 1)] ?? 200;
    next++;
    if (answer === "hang") return;
    const { status, delayMs } =
      typeof answer === "number" ? { status: answer, delayMs: 0 } : answer;
    setTimeout(() => res.writeHead(status).end("ok"), delayMs);
  });
  return {
    ...peer,
    verified(secret) {
      const hook = new Webhook(secret);
      return peer.requests.map((request) => {
        const headers = {
          "webhook-id": String(request.headers["webhook-id"]),
          "webhook-timestamp": String(request.headers["webhook-timestamp"]),
          "webhook-signature": String(request.headers["webhook-signature"]),
        };
        // Throws on a bad signature or a timestamp more than 5 minutes off.
        const body = hook.verify(request.body, headers) as {
          type: string;
          data: Record<string, unknown>;
        };
        return { id: headers["webhook-id"], body };
      });
    },
  };
}

export type DeliveryRow = {
  id: string;
  event_id: string;
  type: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string;
  lease_until: string | null;
};

export const deliveriesOf = (db: Executor, endpointId: string) =>
  rowsOf<DeliveryRow>(
    db,
    sql`select id, event_id, type, status, attempts, last_status_code, last_error,
               next_attempt_at::text, lease_until::text
        from webhook_deliveries where endpoint_id = ${endpointId} order by created_at, id`,
  );
