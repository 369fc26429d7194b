import { z } from "zod";
import { alertRules, alertUrgencies } from "#contract/alert-options.ts";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import { acknowledgeAlert, listAlerts, unreadAlertCount } from "./alert-feed.ts";
import { sendAlert, sentAlerts } from "./alert-sending.ts";

export const sendAlertInput = z.object({
  teamIds: z
    .array(z.string().max(100))
    .min(1, "Choose at least one team.")
    .max(alertRules.maxTeams, `At most ${alertRules.maxTeams} teams.`),
  subject: z
    .string()
    .trim()
    .min(1, "Write a subject.")
    .max(alertRules.subjectMaxLength, `Use at most ${alertRules.subjectMaxLength} characters.`),
  body: z
    .string()
    .trim()
    .min(1, "Write a message.")
    .max(alertRules.bodyMaxLength, `Use at most ${alertRules.bodyMaxLength} characters.`),
  urgency: z.enum(alertUrgencies, "Choose normal or urgent."),
});

/** A team hears every alert at once: a burst of them is noise, or a stolen session. */
const sendRule = { name: "alerts-send", limit: 30, windowSeconds: 600 } as const;

export const listTeamAlerts = defineFunction({
  name: "alerts.list",
  input: z.object({ cursor: z.string().max(40).optional() }).nullish(),
  access: "signed-in",
  handler: (data, ctx) => listAlerts(ctx.db, ctx.auth.userId, data?.cursor),
});

export const countUnreadAlerts = defineFunction({
  name: "alerts.unreadCount",
  input: z.null().optional(),
  access: "signed-in",
  handler: (_data, ctx) => unreadAlertCount(ctx.db, ctx.auth.userId),
});

export const acknowledgeTeamAlert = defineFunction({
  name: "alerts.acknowledge",
  input: z.object({ alertId: z.string().max(100) }),
  access: "signed-in",
  handler: (data, ctx) => acknowledgeAlert(ctx.db, ctx.auth.userId, data.alertId),
});

export const sendTeamAlert = defineFunction({
  name: "alerts.send",
  input: sendAlertInput,
  access: "signed-in",
  handler: async (data, ctx) => {
    await ctx.services.rateLimiter.consume(sendRule, ctx.auth.userId);
    return sendAlert(ctx.db, ctx.auth.userId, data);
  },
});

export const listSentAlerts = defineFunction({
  name: "alerts.sent",
  input: z.null().optional(),
  access: "signed-in",
  handler: (_data, ctx) => sentAlerts(ctx.db, ctx.auth.userId),
});

/**
 * Live alerts to door teams (decision 020). Members see the alerts of their teams only;
 * the owner sends to their own teams; another's alert or team is NOT_FOUND.
 */
export const alertFunctions = [
  listTeamAlerts,
  countUnreadAlerts,
  acknowledgeTeamAlert,
  sendTeamAlert,
  listSentAlerts,
] as const satisfies readonly AnyFunctionDefinition[];
