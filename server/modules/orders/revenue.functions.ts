import { z } from "zod";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import { revenueOf } from "./revenue.ts";
import { revenueCsv } from "./revenue-csv.ts";

const scope = z.object({ eventId: z.uuid("Choose an event.").optional() });

/** Gross, fees, refunds and net of one event of the caller's business, or of all of it. */
export const getRevenue = defineFunction({
  name: "orders.revenue",
  input: scope,
  access: "signed-in",
  handler: (data, ctx) => revenueOf(ctx.db, ctx.auth.userId, data.eventId),
});

/** The same figures as a CSV file (`{ filename, csv }`). */
export const downloadRevenueCsv = defineFunction({
  name: "orders.revenueCsv",
  input: scope,
  access: "signed-in",
  handler: async (data, ctx) =>
    revenueCsv(await revenueOf(ctx.db, ctx.auth.userId, data.eventId), new Date()),
});

/** The organiser's revenue at a glance (issue 25, item 6). */
export const revenueFunctions = [
  getRevenue,
  downloadRevenueCsv,
] as const satisfies readonly AnyFunctionDefinition[];
