import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { BusinessPlan } from "#contract/business-options.ts";
import type { SubscriptionStatusName } from "#contract/payment-options.ts";
import { requireOwnedBusiness } from "#server/modules/businesses/business-access.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import { type PaymentProvider, ProviderUnavailableError } from "./payment-provider.ts";
import { cardPaymentsOff } from "./payment-settings.ts";
import { businessSubscriptions } from "./payments.schema.ts";
import {
  type BusinessSubscription,
  proPlanPurpose,
  takeSubscriptionState,
} from "./subscription-state.ts";

/** The owner's view of their Pro subscription, for /business/upgrade and the console. */
export type ProSubscriptionView = {
  plan: BusinessPlan;
  /** Why no card is charged (the plans switch at once), or null when Pro is billed by card. */
  cardsOff: string | null;
  /** null: never subscribed by card. */
  status: SubscriptionStatusName | null;
  /** ISO time; with cancelAtPeriodEnd, when Pro ends. */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** Back from a paid checkout, the provider has not told us yet: the page asks again. */
  confirming: boolean;
  /** What the owner must know (a payment failed), or null. */
  warning: string | null;
};

export const pastDueWarning =
  "We could not take this month's Pro payment. Stripe tries your card again over the next days; if it keeps failing, your business goes back to the free plan.";

function unavailable(): FunctionError {
  return new FunctionError(
    "UNAVAILABLE",
    "Stripe cannot be reached just now. Please try again in a minute.",
    { reason: "provider-unavailable" },
  );
}

/** Turns a passing provider fault into UNAVAILABLE (the owner may retry), anything else unchanged. */
async function askProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw unavailable();
    throw error;
  }
}

function requireProvider(deps: PaymentDeps): PaymentProvider {
  if (deps.provider) return deps.provider;
  throw new FunctionError(
    "FAILED_PRECONDITION",
    "Card payments are off on this server: the plans switch without a card.",
    { reason: "cards-off" },
  );
}

async function subscriptionOf(
  db: Executor,
  businessId: string,
): Promise<BusinessSubscription | null> {
  const [row] = await db
    .select()
    .from(businessSubscriptions)
    .where(eq(businessSubscriptions.businessId, businessId));
  return row ?? null;
}

const isLive = (row: BusinessSubscription | null) =>
  Boolean(row?.subscriptionId) && (row?.status === "active" || row?.status === "past-due");

const dayOf = (date: Date | null) =>
  date
    ? new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" }).format(date)
    : "the end of the period";

/**
 * Starts a Stripe Checkout in subscription mode for the caller's business and returns
 * where to send them. Each call is a new attempt (its own idempotency key); the row
 * records it. The plan does not change here: it follows the subscription's events.
 */
export async function subscribePro(deps: PaymentDeps, userId: string): Promise<{ url: string }> {
  const provider = requireProvider(deps);
  const business = await requireOwnedBusiness(deps.db, userId);
  const row = await subscriptionOf(deps.db, business.id);
  if (isLive(row)) {
    throw new FunctionError(
      "FAILED_PRECONDITION",
      row?.cancelAtPeriodEnd
        ? `Your Pro plan runs until ${dayOf(row.currentPeriodEnd)}. Subscribe again once it has ended.`
        : "Your business is already on Pro.",
      { reason: "already-subscribed" },
    );
  }
  if (business.plan === "pro") {
    throw new FunctionError("FAILED_PRECONDITION", "Your business is already on Pro.", {
      reason: "already-pro",
    });
  }
  const attemptId = randomUUID();
  const attempt = {
    provider: provider.name,
    providerCheckoutId: null,
    subscriptionId: null,
    status: "incomplete" as const,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    updatedAt: sql`now()`,
  };
  await deps.db
    .insert(businessSubscriptions)
    .values({ businessId: business.id, ...attempt })
    .onConflictDoUpdate({ target: businessSubscriptions.businessId, set: attempt });
  const returnTo = new URL("/business/upgrade", deps.settings.PUBLIC_URL);
  const started = await askProvider(() =>
    provider.startSubscription({
      businessId: business.id,
      idempotencyKey: `pro:${attemptId}`,
      planName: "Pro plan",
      amountMinor: deps.settings.PRO_PLAN_PRICE_MINOR,
      currency: deps.settings.PRO_PLAN_CURRENCY,
      interval: "month",
      customerEmail: business.contactEmail,
      successUrl: `${returnTo}?subscription=done`,
      cancelUrl: `${returnTo}?subscription=cancelled`,
      metadata: { purpose: proPlanPurpose, businessId: business.id, attemptId },
    }),
  );
  // Only while still an attempt: a subscription linked meanwhile is not overwritten.
  await deps.db
    .update(businessSubscriptions)
    .set({ providerCheckoutId: started.providerCheckoutId })
    .where(
      sql`${businessSubscriptions.businessId} = ${business.id} and ${businessSubscriptions.subscriptionId} is null`,
    );
  return { url: started.url };
}

/**
 * Cancels the caller's Pro subscription at the end of the period it paid for: the plan
 * stays Pro until then, and the provider's end-of-subscription event moves it to free.
 */
export async function cancelPro(deps: PaymentDeps, userId: string): Promise<ProSubscriptionView> {
  const provider = requireProvider(deps);
  const business = await requireOwnedBusiness(deps.db, userId);
  const row = await subscriptionOf(deps.db, business.id);
  if (!row?.subscriptionId || !isLive(row)) {
    throw new FunctionError(
      "FAILED_PRECONDITION",
      "Your business has no Pro subscription to cancel.",
      {
        reason: "no-subscription",
      },
    );
  }
  const subscriptionId = row.subscriptionId;
  if (!row.cancelAtPeriodEnd) {
    const state = await askProvider(() =>
      provider.cancelSubscription(subscriptionId, { atPeriodEnd: true }),
    );
    await deps.db.transaction((tx) => takeSubscriptionState(tx, provider.name, state, new Date()));
  }
  return proSubscription(deps, userId, { returned: false });
}

/**
 * The caller's subscription. `returned`: back from the checkout, so the provider is asked
 * now (when the subscription is known) rather than waiting for its webhook; before the
 * checkout's event links the subscription, the view says `confirming` and the page asks again.
 */
export async function proSubscription(
  deps: PaymentDeps,
  userId: string,
  input: { returned: boolean },
): Promise<ProSubscriptionView> {
  const owned = await requireOwnedBusiness(deps.db, userId);
  let row = await subscriptionOf(deps.db, owned.id);
  const provider = deps.provider;
  if (input.returned && provider && row?.subscriptionId && row.status === "incomplete") {
    const subscriptionId = row.subscriptionId;
    const state = await askProvider(() => provider.readSubscription(subscriptionId));
    await deps.db.transaction((tx) => takeSubscriptionState(tx, provider.name, state, new Date()));
    row = await subscriptionOf(deps.db, owned.id);
  }
  // Read after the provider was asked: the plan may just have changed.
  const business = await requireOwnedBusiness(deps.db, userId);
  const waiting = row !== null && row.status === "incomplete" && row.providerCheckoutId !== null;
  return {
    plan: business.plan,
    cardsOff: cardPaymentsOff(deps.settings),
    status: row?.subscriptionId ? row.status : null,
    currentPeriodEnd: row?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    confirming: input.returned && waiting,
    warning: row?.status === "past-due" ? pastDueWarning : null,
  };
}
