import { and, eq, gt, sql } from "drizzle-orm";
import { alerts } from "#server/modules/alerts/alerts.schema.ts";
import { alertScanBurst } from "#server/modules/alerts/system-alerts.ts";
import type { BadScanBurstStep } from "#server/modules/checkin/bad-scans.ts";
import { events } from "#server/modules/events/events.schema.ts";

/** What the door does about a burst of bad scans at one event, in the scan's transaction. */
export const badScanBurstSteps: readonly BadScanBurstStep[] = [
  // Tells the teams working at the event, live (decision 020): once for a burst, not again
  // while it goes on (none in the last minute); racing scans meet on the minute's dedupe key.
  async (tx, { eventId, badScans, windowKey }) => {
    const [recent] = await tx
      .select({ id: alerts.id })
      .from(alerts)
      .where(
        and(
          eq(alerts.eventId, eventId),
          eq(alerts.kind, "scan-burst"),
          gt(alerts.createdAt, sql`now() - interval '1 minute'`),
        ),
      )
      .limit(1);
    if (recent) return;
    const [event] = await tx
      .select({ id: events.id, businessId: events.businessId, title: events.title })
      .from(events)
      .where(eq(events.id, eventId));
    if (event) await alertScanBurst(tx, event, badScans, windowKey);
  },
];
