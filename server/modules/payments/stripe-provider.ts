import Stripe from "stripe";
import type { Settings } from "#server/config.ts";
import {
  type PaymentProvider,
  ProviderUnavailableError,
  WebhookSignatureError,
} from "./payment-provider.ts";
import {
  accountStateOf,
  CHECKOUT_ID_KEY,
  checkoutStateOf,
  paymentEventOf,
  refundOf,
  STRIPE,
  subscriptionStateOf,
} from "./stripe-events.ts";

/** Stripe's webhooks older than this are refused (a replayed capture). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** A call that hangs this long is a passing fault, not a reason to hold a request open. */
const TIMEOUT_MS = 10_000;
const CHECKOUT_EXPANSIONS = ["payment_intent", "payment_intent.latest_charge"];

type StripeSettings = Pick<
  Settings,
  "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_URL"
>;

/**
 * The PaymentProvider on Stripe, through the official SDK: destination charges (the
 * business's connected account is paid, our fee kept as the application fee), hosted
 * Checkout, Connect Express onboarding, subscriptions for the Pro plan. Our idempotency
 * keys go to Stripe as its Idempotency-Key, so a retry never charges or refunds twice.
 */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const secretKey = settings.STRIPE_SECRET_KEY;
  const webhookSecret = settings.STRIPE_WEBHOOK_SECRET;
  if (!secretKey || !webhookSecret)
    throw new Error("Stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: TIMEOUT_MS,
    telemetry: false,
    ...apiAddress(settings.STRIPE_API_URL),
  });

  return {
    name: STRIPE,

    startCheckout: (request) =>
      call(async () => {
        const sum = request.lines.reduce(
          (total, line) => total + line.unitAmountMinor * line.quantity,
          0,
        );
        if (sum !== request.totalMinor)
          throw new Error(
            `The checkout's lines add up to ${sum}, not its total ${request.totalMinor}`,
          );
        const currency = request.currency.toLowerCase();
        const metadata = { ...request.metadata, [CHECKOUT_ID_KEY]: request.checkoutId };
        const session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            line_items: request.lines.map((line) => ({
              quantity: line.quantity,
              price_data: {
                currency,
                unit_amount: line.unitAmountMinor,
                product_data: { name: line.name },
              },
            })),
            expires_at: Math.floor(request.expiresAt.getTime() / 1000),
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
            client_reference_id: request.checkoutId,
            metadata,
            payment_intent_data: {
              application_fee_amount: request.applicationFeeMinor,
              transfer_data: { destination: request.connectedAccountId },
              metadata,
            },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (!session.url) throw new Error(`Stripe gave checkout ${session.id} no page to pay on`);
        return {
          providerCheckoutId: session.id,
          url: session.url,
          expiresAt: new Date(session.expires_at * 1000),
        };
      }),

    readCheckout: (providerCheckoutId) =>
      call(async () =>
        checkoutStateOf(
          await stripe.checkout.sessions.retrieve(providerCheckoutId, {
            expand: CHECKOUT_EXPANSIONS,
          }),
        ),
      ),

    expireCheckout: (providerCheckoutId) =>
      call(async () => {
        const session = await stripe.checkout.sessions.retrieve(providerCheckoutId, {
          expand: CHECKOUT_EXPANSIONS,
        });
        // Paid or already expired: nothing to end; say how it stands (a paid one is settled).
        if (session.status !== "open") return checkoutStateOf(session);
        try {
          return checkoutStateOf(
            await stripe.checkout.sessions.expire(providerCheckoutId, {
              expand: CHECKOUT_EXPANSIONS,
            }),
          );
        } catch (error) {
          // Paid in the instant between the read and the expiry: the read after tells.
          if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
          return checkoutStateOf(
            await stripe.checkout.sessions.retrieve(providerCheckoutId, {
              expand: CHECKOUT_EXPANSIONS,
            }),
          );
        }
      }),

    refund: (request) =>
      call(async () =>
        refundOf(
          await stripe.refunds.create(
            {
              payment_intent: request.paymentReference,
              ...(request.amountMinor !== undefined ? { amount: request.amountMinor } : {}),
              ...(request.reason ? { reason: request.reason } : {}),
              metadata: request.metadata,
              // The business's share comes back from its account, our fee from ours.
              reverse_transfer: true,
              refund_application_fee: true,
            },
            { idempotencyKey: request.idempotencyKey },
          ),
        ),
      ),

    createAccount: (input) =>
      call(async () => {
        const account = await stripe.accounts.create(
          {
            type: "express",
            email: input.email,
            metadata: { business_id: input.businessId },
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { accountId: account.id, state: accountStateOf(account) };
      }),

    readAccount: (accountId) =>
      call(async () => {
        const account = await stripe.accounts.retrieve(accountId);
        return { accountId: account.id, state: accountStateOf(account) };
      }),

    onboardingLink: (input) =>
      call(async () => {
        const link = await stripe.accountLinks.create({
          account: input.accountId,
          return_url: input.returnUrl,
          refresh_url: input.refreshUrl,
          type: "account_onboarding",
        });
        return { url: link.url };
      }),

    startSubscription: (request) =>
      call(async () => {
        const metadata = { ...request.metadata, business_id: request.businessId };
        const session = await stripe.checkout.sessions.create(
          {
            mode: "subscription",
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: request.amountMinor,
                  recurring: { interval: request.interval },
                  product_data: { name: request.planName },
                },
              },
            ],
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
            client_reference_id: request.businessId,
            metadata,
            subscription_data: { metadata },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (!session.url) throw new Error(`Stripe gave checkout ${session.id} no page to pay on`);
        return { providerCheckoutId: session.id, url: session.url };
      }),

    readSubscription: (subscriptionId) =>
      call(async () => subscriptionStateOf(await stripe.subscriptions.retrieve(subscriptionId))),

    cancelSubscription: (subscriptionId, input) =>
      call(async () =>
        subscriptionStateOf(
          input.atPeriodEnd
            ? await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true })
            : await stripe.subscriptions.cancel(subscriptionId),
        ),
      ),

    parseWebhook(rawBody, signatureHeader) {
      if (!signatureHeader)
        throw new WebhookSignatureError("The Stripe-Signature header is missing");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        throw new WebhookSignatureError(
          error instanceof Error ? error.message : "Bad Stripe signature",
          {
            cause: error,
          },
        );
      }
      return paymentEventOf(event);
    },
  };
}

/** `STRIPE_API_URL` (tests: the local peer) as the SDK's host, port and protocol. */
function apiAddress(apiUrl: string | undefined): {
  host?: string;
  port?: number;
  protocol?: "http" | "https";
} {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    host: url.hostname,
    port: Number(url.port || (protocol === "http" ? 80 : 443)),
    protocol,
  };
}

/**
 * Stripe's errors in ours: what may pass (no connection, 5xx, rate limited, a key in use) is
 * ProviderUnavailableError, so callers retry later; anything else (a refused card, a bad
 * request, a bad key) is an Error with Stripe's message.
 */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    const passing =
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError ||
      // Another request with the same idempotency key is still in flight (a refund sent by
      // the runner and an after-commit send at once): its answer comes on the next try.
      error.statusCode === 409 ||
      (error.statusCode ?? 0) >= 500;
    if (passing)
      throw new ProviderUnavailableError(`Stripe is unavailable: ${error.message}`, {
        cause: error,
      });
    throw new Error(error.message, { cause: error });
  }
}
