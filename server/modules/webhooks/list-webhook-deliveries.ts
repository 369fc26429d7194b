import { and, desc, eq, sql } from "drizzle-orm";
import { isUuid } from "#contract/uuid.ts";
import type { WebhookDeliveryPage } from "#contract/webhooks.ts";
import { fieldError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { requireOwnedWebhookEndpoint } from "./owned-webhook-endpoint.ts";
import { webhookDeliveryView } from "./webhook-view.ts";
import { webhookDeliveries } from "./webhooks.schema.ts";

export const WEBHOOK_DELIVERY_PAGE_SIZE = 20;

const timePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * The cursor is the last row's time to the microsecond (as PostgreSQL keeps it, written
 * as text so nothing is rounded) and its id: keyset paging, so deliveries queued between
 * two pages shift nothing.
 */
const cursorTime = sql<string>`to_char(${webhookDeliveries.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function decodeCursor(cursor: string): { time: string; id: string } {
  const [time = "", id = "", ...rest] = Buffer.from(cursor, "base64url").toString().split("|");
  if (!timePattern.test(time) || !isUuid(id) || rest.length > 0) {
    throw fieldError("cursor", "This page link is not valid.");
  }
  return { time, id };
}

/** `webhooks.deliveries`: one endpoint's deliveries, newest first, a page at a time. */
export async function listWebhookDeliveries(
  db: Executor,
  userId: string,
  endpointId: string,
  cursor: string | undefined,
): Promise<WebhookDeliveryPage> {
  const after = cursor === undefined ? null : decodeCursor(cursor);
  await requireOwnedWebhookEndpoint(db, userId, endpointId);
  const rows = await db
    .select({ row: webhookDeliveries, time: cursorTime })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        after
          ? sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (${after.time}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERY_PAGE_SIZE + 1);
  const page = rows.slice(0, WEBHOOK_DELIVERY_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(({ row }) => webhookDeliveryView(row)),
    nextCursor:
      rows.length > WEBHOOK_DELIVERY_PAGE_SIZE && last
        ? Buffer.from(`${last.time}|${last.row.id}`).toString("base64url")
        : null,
  };
}
