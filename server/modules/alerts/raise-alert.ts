import { inArray } from "drizzle-orm";
import type { AlertKind, AlertUrgency } from "#contract/alert-options.ts";
import type { AlertView } from "#contract/alert-view.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { publishRealtime, topics } from "#server/platform/realtime/publish.ts";
import { alerts, alertTeams } from "./alerts.schema.ts";

/** The live message kinds on the stream (app/ listens for these). */
export const alertMessageKinds = {
  alert: "alert",
  acknowledged: "alert-acknowledged",
} as const;

export type NewAlert = {
  businessId: string;
  eventId?: string | null;
  teamIds: readonly string[];
  kind: AlertKind;
  urgency: AlertUrgency;
  subject: string;
  body: string;
  senderUserId?: string | null;
  /** Raise at most once with this key, however many callers race (system alerts). */
  dedupeKey?: string | null;
};

/**
 * Stores an alert for its teams and publishes it on each team's live topic, in the
 * caller's transaction (nothing is heard of a rolled-back alert). Null when `dedupeKey`
 * was raised before (the unique index decides between racing callers), or no team.
 */
export async function raiseAlert(tx: Executor, alert: NewAlert): Promise<AlertView | null> {
  if (alert.teamIds.length === 0) return null;
  const [row] = await tx
    .insert(alerts)
    .values({
      businessId: alert.businessId,
      eventId: alert.eventId ?? null,
      kind: alert.kind,
      urgency: alert.urgency,
      subject: alert.subject,
      body: alert.body,
      senderUserId: alert.senderUserId ?? null,
      dedupeKey: alert.dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: alerts.dedupeKey })
    .returning();
  if (!row) return null;
  const teamIds = [...new Set(alert.teamIds)];
  await tx.insert(alertTeams).values(teamIds.map((teamId) => ({ alertId: row.id, teamId })));
  const view: AlertView = {
    id: row.id,
    kind: row.kind,
    urgency: row.urgency,
    subject: row.subject,
    body: row.body,
    eventId: row.eventId,
    createdAt: row.createdAt.toISOString(),
    acknowledged: false,
  };
  for (const teamId of teamIds) {
    await publishRealtime(tx, {
      topic: topics.team(teamId),
      kind: alertMessageKinds.alert,
      payload: view,
    });
  }
  return view;
}

/** Whether any of these alert keys was raised already. */
export async function raisedBefore(tx: Executor, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await tx
    .select({ key: alerts.dedupeKey })
    .from(alerts)
    .where(inArray(alerts.dedupeKey, keys));
  return new Set(rows.map((r) => r.key ?? ""));
}
