import { and, desc, eq, inArray } from "drizzle-orm";
import type { AlertUrgency } from "#contract/alert-options.ts";
import type { AlertView } from "#contract/alert-view.ts";
import { isUuid } from "#contract/uuid.ts";
import { requireOwnedBusiness } from "#server/modules/businesses/business-access.ts";
import { teams } from "#server/modules/teams/teams.schema.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { alerts, alertTeams } from "./alerts.schema.ts";
import { raiseAlert } from "./raise-alert.ts";

export type SendAlertInput = {
  teamIds: string[];
  subject: string;
  body: string;
  urgency: AlertUrgency;
};

/**
 * `alerts.send`: the owner's message to the members of some of their teams, stored and
 * published live in one transaction. A team that is not theirs is NOT_FOUND (as if none).
 */
export async function sendAlert(
  db: Executor,
  userId: string,
  input: SendAlertInput,
): Promise<AlertView> {
  return db.transaction(async (tx) => {
    const business = await requireOwnedBusiness(tx, userId);
    const wanted = [...new Set(input.teamIds)];
    const found = wanted.every(isUuid)
      ? await tx
          .select({ id: teams.id })
          .from(teams)
          .where(and(inArray(teams.id, wanted), eq(teams.businessId, business.id)))
      : [];
    if (found.length !== wanted.length) throw new FunctionError("NOT_FOUND", "Team not found.");
    const alert = await raiseAlert(tx, {
      businessId: business.id,
      teamIds: wanted,
      kind: "owner-message",
      urgency: input.urgency,
      subject: input.subject,
      body: input.body,
      senderUserId: userId,
    });
    if (!alert) throw new Error("alert not raised");
    return alert;
  });
}

/** `alerts.sent`: the business's latest alerts (the owner's and the system's), with teams. */
export async function sentAlerts(db: Executor, userId: string) {
  const business = await requireOwnedBusiness(db, userId);
  const rows = await db
    .select()
    .from(alerts)
    .where(eq(alerts.businessId, business.id))
    .orderBy(desc(alerts.seq))
    .limit(20);
  const ids = rows.map((r) => r.id);
  const names = ids.length
    ? await db
        .select({ alertId: alertTeams.alertId, name: teams.name })
        .from(alertTeams)
        .innerJoin(teams, eq(teams.id, alertTeams.teamId))
        .where(inArray(alertTeams.alertId, ids))
    : [];
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      urgency: r.urgency,
      subject: r.subject,
      body: r.body,
      createdAt: r.createdAt.toISOString(),
      teams: names.filter((n) => n.alertId === r.id).map((n) => n.name),
    })),
  };
}
