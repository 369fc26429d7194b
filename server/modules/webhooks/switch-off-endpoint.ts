import { sql } from "drizzle-orm";
import { WEBHOOK_RETRY_WINDOW_HOURS } from "#contract/webhooks.ts";
import {
  type NotifyOptions,
  notifyUser,
} from "#server/modules/notifications/notifications.service.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

export const SWITCHED_OFF_REASON = `Every delivery failed for ${WEBHOOK_RETRY_WINDOW_HOURS / 24} days.`;

/**
 * A delivery ran out of its retry window: its endpoint is switched off if nothing was
 * delivered to it since that window began, and its business's owner is told, once per
 * switch-off. An endpoint that still takes other events stays on. Inside the caller's
 * transaction.
 */
export async function switchOffIfFailing(
  tx: Executor,
  endpointId: string,
  windowStart: Date | string,
  notify: NotifyOptions,
): Promise<boolean> {
  const [off] = await rowsOf<{ owner_id: string; url: string; failing_since: string }>(
    tx,
    sql`
      update webhook_endpoints w
      set enabled = false, disabled_reason = ${SWITCHED_OFF_REASON}, updated_at = now()
      from businesses b
      where w.id = ${endpointId} and b.id = w.business_id and w.enabled
        and not exists (
          select 1 from webhook_deliveries d
          where d.endpoint_id = w.id and d.delivered_at >= ${new Date(windowStart)})
      returning b.owner_id, w.url, coalesce(w.failing_since, now())::text as failing_since`,
  );
  if (!off) return false;
  await notifyUser(
    tx,
    {
      userId: off.owner_id,
      kind: "webhook-disabled",
      title: "A webhook was switched off",
      body: `${off.url} failed every delivery for ${WEBHOOK_RETRY_WINDOW_HOURS / 24} days, so nothing more is sent to it. Its deliveries are kept: once it answers again, switch it on and send them again.`,
      link: `/business/webhooks/${endpointId}`,
      key: `webhook-disabled:${endpointId}:${off.failing_since}`,
    },
    notify,
  );
  return true;
}
