import { and, desc, eq, exists, isNull, lt, sql } from "drizzle-orm";
import type { AlertView } from "#contract/alert-view.ts";
import { isUuid } from "#contract/uuid.ts";
import { teamMembers } from "#server/modules/teams/teams.schema.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { publishRealtime, topics } from "#server/platform/realtime/publish.ts";
import { alertAcknowledgements, alerts, alertTeams } from "./alerts.schema.ts";
import { alertMessageKinds } from "./raise-alert.ts";

export const ALERT_PAGE_SIZE = 20;

/**
 * The alerts a user may see: sent to a team they are in now, since they joined it. A
 * member removed from the team no longer sees its alerts.
 */
const visibleTo = (userId: string) =>
  exists(
    sql`(select 1 from ${alertTeams} join ${teamMembers} on ${teamMembers.teamId} = ${alertTeams.teamId}
      where ${alertTeams.alertId} = ${alerts.id} and ${teamMembers.userId} = ${userId}
      and ${alerts.createdAt} >= ${teamMembers.createdAt})`,
  );

const ackOf = (userId: string) =>
  and(eq(alertAcknowledgements.alertId, alerts.id), eq(alertAcknowledgements.userId, userId));

/** `alerts.list`: newest first, a page at a time; the cursor is the last alert's `seq`. */
export async function listAlerts(
  db: Executor,
  userId: string,
  cursor: string | undefined,
): Promise<{ items: AlertView[]; nextCursor: string | null }> {
  if (cursor !== undefined && !/^\d{1,18}$/.test(cursor)) {
    throw new FunctionError("INVALID_ARGUMENT", "This page link is not valid.");
  }
  const rows = await db
    .select({ alert: alerts, ackAt: alertAcknowledgements.acknowledgedAt })
    .from(alerts)
    .leftJoin(alertAcknowledgements, ackOf(userId))
    .where(and(visibleTo(userId), cursor ? lt(alerts.seq, Number(cursor)) : undefined))
    .orderBy(desc(alerts.seq))
    .limit(ALERT_PAGE_SIZE + 1);
  const page = rows.slice(0, ALERT_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(({ alert, ackAt }) => ({
      id: alert.id,
      kind: alert.kind,
      urgency: alert.urgency,
      subject: alert.subject,
      body: alert.body,
      eventId: alert.eventId,
      createdAt: alert.createdAt.toISOString(),
      acknowledged: ackAt !== null,
    })),
    nextCursor: rows.length > ALERT_PAGE_SIZE && last ? String(last.alert.seq) : null,
  };
}

/** `alerts.unreadCount`: visible alerts this user has not acknowledged. */
export async function unreadAlertCount(db: Executor, userId: string): Promise<{ count: number }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(alerts)
    .leftJoin(alertAcknowledgements, ackOf(userId))
    .where(and(visibleTo(userId), isNull(alertAcknowledgements.alertId)));
  return { count: Number(row?.count ?? 0) };
}

/**
 * `alerts.acknowledge`: for this user only, once (again is harmless). Their other devices
 * hear it on the user's topic. An alert they may not see is NOT_FOUND.
 */
export async function acknowledgeAlert(
  db: Executor,
  userId: string,
  alertId: string,
): Promise<{ acknowledged: true }> {
  return db.transaction(async (tx) => {
    const [alert] = isUuid(alertId)
      ? await tx
          .select({ id: alerts.id })
          .from(alerts)
          .where(and(eq(alerts.id, alertId), visibleTo(userId)))
      : [];
    if (!alert) throw new FunctionError("NOT_FOUND", "Alert not found.");
    const [added] = await tx
      .insert(alertAcknowledgements)
      .values({ alertId, userId })
      .onConflictDoNothing()
      .returning();
    if (added) {
      await publishRealtime(tx, {
        topic: topics.user(userId),
        kind: alertMessageKinds.acknowledged,
        payload: { alertId },
      });
    }
    return { acknowledged: true as const };
  });
}
