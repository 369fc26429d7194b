import { z } from "zod";
import { businessPlans } from "#contract/business-options.ts";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import { describeIssues } from "#server/platform/callable/registry.ts";
import { recordedBillingProvider } from "./billing-provider.ts";
import { findOwnedBusiness, requireOwnedBusiness } from "./business-access.ts";
import { applyForBusiness, myBusiness, updateBusiness } from "./business-application.service.ts";
import { forgetBusinessDraft, keepBusinessDraft, readBusinessDraft } from "./business-draft.ts";
import { businessDetailsInput, businessDraftFields } from "./business-input.ts";
import { changePlan, listPlans } from "./business-plans.service.ts";
import type { BusinessSteps } from "./plan-usage.ts";

/** The form as typed, unchecked but bounded: what a visitor's draft may hold. */
const draftInput = z.object(
  Object.fromEntries(
    businessDraftFields.map((name) => [name, z.string().max(4000).optional()]),
  ) as {
    [K in (typeof businessDraftFields)[number]]: z.ZodOptional<z.ZodString>;
  },
);

export const submitBusinessApplication = ({ countPlanUsage }: BusinessSteps) =>
  defineFunction({
    name: "businesses.apply",
    input: businessDetailsInput,
    access: "signed-in",
    handler: async (data, ctx) => {
      const business = await applyForBusiness(ctx.db, ctx.auth.userId, data, countPlanUsage);
      forgetBusinessDraft(ctx.cookies);
      return business;
    },
  });

export const updateBusinessDetails = ({ countPlanUsage }: BusinessSteps) =>
  defineFunction({
    name: "businesses.update",
    input: businessDetailsInput,
    access: "signed-in",
    handler: async (data, ctx) => {
      const business = await updateBusiness(ctx.db, ctx.auth.userId, data, countPlanUsage);
      forgetBusinessDraft(ctx.cookies);
      return business;
    },
  });

export const getMyBusiness = ({ countPlanUsage }: BusinessSteps) =>
  defineFunction({
    name: "businesses.mine",
    input: z.null().optional(),
    access: "signed-in",
    handler: (_data, ctx) => myBusiness(ctx.db, ctx.auth.userId, countPlanUsage),
  });

export const checkOwnsBusiness = defineFunction({
  // For the page frame on every signed-in page: one indexed lookup, no plan usage.
  name: "businesses.ownsOne",
  input: z.null().optional(),
  access: "signed-in",
  handler: async (_data, ctx) => ({
    owner: (await findOwnedBusiness(ctx.db, ctx.auth.userId)) !== null,
  }),
});

export const listBusinessPlans = defineFunction({
  name: "businesses.plans",
  input: z.null().optional(),
  access: "public",
  handler: (_data, ctx) =>
    listPlans({
      priceMinor: ctx.services.settings.PRO_PLAN_PRICE_MINOR,
      currency: ctx.services.settings.PRO_PLAN_CURRENCY,
    }),
});

export const changeBusinessPlan = ({ countPlanUsage, checkPlanSwitch }: BusinessSteps) =>
  defineFunction({
    name: "businesses.changePlan",
    input: z.object({ plan: z.enum(businessPlans, "Choose the free or the pro plan.") }),
    access: "signed-in",
    handler: async (data, ctx) => {
      // With card payments on, Pro is a subscription (payments.subscribePro): no free switch.
      const owned = await requireOwnedBusiness(ctx.db, ctx.auth.userId);
      await checkPlanSwitch(ctx.db, ctx.services.settings, owned.id, data.plan);
      return changePlan(
        ctx.db,
        ctx.auth.userId,
        data.plan,
        recordedBillingProvider,
        countPlanUsage,
      );
    },
  });

export const saveBusinessDraft = defineFunction({
  // A visitor sent to sign in from the form: what they typed comes back afterwards.
  // Checked first, so that mistakes are fixed before signing in, not after.
  name: "businesses.keepDraft",
  input: draftInput,
  access: "public",
  handler: (data, ctx) => {
    const checked = businessDetailsInput.safeParse(data);
    if (!checked.success) {
      throw new FunctionError(
        "INVALID_ARGUMENT",
        "Some of the information sent is not valid.",
        describeIssues(checked.error),
      );
    }
    return keepBusinessDraft(
      { cookies: ctx.cookies, appSecret: ctx.services.settings.APP_SECRET },
      data,
    );
  },
});

export const getBusinessDraft = defineFunction({
  name: "businesses.draft",
  input: z.null().optional(),
  access: "public",
  handler: (_data, ctx) =>
    readBusinessDraft({ cookies: ctx.cookies, appSecret: ctx.services.settings.APP_SECRET }),
});

/**
 * Applying as a business, its details, its plan, and the visitor's draft of the form.
 * `steps` counts what the business uses of its plan (server/steps/plan-usage.ts).
 */
export const businessFunctions = (steps: BusinessSteps) =>
  [
    submitBusinessApplication(steps),
    updateBusinessDetails(steps),
    getMyBusiness(steps),
    checkOwnsBusiness,
    listBusinessPlans,
    changeBusinessPlan(steps),
    saveBusinessDraft,
    getBusinessDraft,
  ] as const satisfies readonly AnyFunctionDefinition[];
