import type { BusinessPlan } from "#contract/business-options.ts";

export type PlanChangeRequest = {
  businessId: string;
  fromPlan: BusinessPlan;
  toPlan: BusinessPlan;
  /** Who asked for the change. */
  userId: string;
  /**
   * The id the plan_changes row will get: a provider that charges a card uses it as its
   * idempotency key, so a retried change is never charged twice.
   */
  idempotencyKey: string;
};

/**
 * Where a plan change is paid for. The built-in provider only records it; a card
 * provider (Stripe or similar) comes later behind the same interface. `changePlan`
 * resolves once the provider has accepted the change, or throws a FunctionError the
 * owner can act on (a declined card), in which case nothing is changed here.
 */
export type BillingProvider = {
  name: string;
  changePlan(input: PlanChangeRequest): Promise<{ reference: string }>;
};

/** Accepts every change and answers with a reference of its own: no money moves. */
export const recordedBillingProvider: BillingProvider = {
  name: "recorded",
  async changePlan(input) {
    return { reference: `recorded-${input.idempotencyKey}` };
  },
};
