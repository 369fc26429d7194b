import { z } from "zod";

/**
 * The card payment settings, spread into server/config.ts's schema. Card payments are on
 * when both Stripe keys are set; unset, priced tickets are paid at the venue as before and
 * the console says why cards are off. A bad value stops the start naming the setting.
 */
export const paymentSettingsShape = {
  /** The platform's secret key (`sk_live_…`, `sk_test_…`, or a restricted `rk_…`). */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(live|test)_[A-Za-z0-9]+$/,
      "must be a Stripe secret key (sk_live_… or sk_test_…)",
    )
    .optional(),
  /** Signs the webhooks Stripe sends to POST /api/payments/stripe/webhook (`whsec_…`). */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]+$/, "must be a webhook signing secret (whsec_…)")
    .optional(),
  /** Tests only: where the SDK sends its requests (a local peer), e.g. http://127.0.0.1:12111. */
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .optional(),
  /** The platform's booking fee on each card-paid ticket: a percentage of its price… */
  PLATFORM_FEE_PERCENT: z.coerce
    .number({ error: "must be a number" })
    .min(0, "must be between 0 and 50")
    .max(50, "must be between 0 and 50")
    .default(0),
  /** …plus a fixed amount in the ticket's minor units (cents). */
  PLATFORM_FEE_FIXED_MINOR: z.coerce
    .number({ error: "must be a whole number of cents" })
    .int("must be a whole number of cents")
    .min(0, "must be between 0 and 10000")
    .max(10_000, "must be between 0 and 10000")
    .default(0),
  /**
   * How often (seconds) the reconciliation asks the provider about checkouts past their
   * expiry that were never settled (checkout-reconciliation.ts); 0 turns it off.
   */
  CHECKOUT_RECONCILE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /**
   * How often (seconds) the refund runner sends refunds recorded but not yet sent (an
   * event's cancellation, a crash before the send: refund-runner.ts); 0 turns it off.
   */
  REFUND_RUNNER_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  /** Tests only: a pause inside the settling transaction, after the hold is claimed. */
  TEST_SETTLE_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** The Pro plan's monthly price in minor units and its currency (billed by Stripe). */
  PRO_PLAN_PRICE_MINOR: z.coerce.number().int().min(1).default(2900),
  PRO_PLAN_CURRENCY: z
    .string()
    .regex(/^[a-zA-Z]{3}$/, "must be a three-letter currency code like EUR")
    .transform((code) => code.toLowerCase())
    .default("eur"),
};

type PaymentSettingsInput = {
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
};

/** Why card payments are off, in the console's words; null when they are on. */
export function cardPaymentsOff(settings: PaymentSettingsInput): string | null {
  if (settings.STRIPE_SECRET_KEY && settings.STRIPE_WEBHOOK_SECRET) return null;
  return "Card payments are not set up on this server (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET). Priced tickets are paid at the venue.";
}

/** Only one of the two keys set is a mistake, not a choice: the start stops. */
export function paymentSettingsProblems(settings: PaymentSettingsInput): string[] {
  if (Boolean(settings.STRIPE_SECRET_KEY) === Boolean(settings.STRIPE_WEBHOOK_SECRET)) return [];
  return settings.STRIPE_SECRET_KEY
    ? ["STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY"]
    : ["STRIPE_SECRET_KEY: required with STRIPE_WEBHOOK_SECRET"];
}
