import { eq } from "drizzle-orm";
import type { CheckPlanSwitch } from "#server/modules/businesses/plan-usage.ts";
import { cardPaymentsOff } from "#server/modules/payments/payment-settings.ts";
import { businessSubscriptions } from "#server/modules/payments/payments.schema.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";

/**
 * With card payments off, the owner switches plans freely (the recorded provider, no
 * money). With cards on, Pro is a subscription (payments.subscribePro): no switch to Pro
 * without paying, and a paying business leaves Pro by cancelling (payments.cancelPro).
 * A business on Pro from before cards, without a subscription, may still switch to free.
 */
export const checkPlanSwitch: CheckPlanSwitch = async (db, settings, businessId, plan) => {
  if (cardPaymentsOff(settings) !== null) return;
  if (plan === "pro") {
    throw new FunctionError(
      "FAILED_PRECONDITION",
      "The Pro plan is paid by card: subscribe with the Upgrade to Pro button.",
      { reason: "billed-by-card" },
    );
  }
  const [subscription] = await db
    .select({ status: businessSubscriptions.status })
    .from(businessSubscriptions)
    .where(eq(businessSubscriptions.businessId, businessId));
  if (subscription?.status === "active" || subscription?.status === "past-due") {
    throw new FunctionError(
      "FAILED_PRECONDITION",
      "Your Pro plan is a subscription: cancel it, and it ends with the period you paid for.",
      { reason: "billed-by-card" },
    );
  }
};
