import { and, eq } from "drizzle-orm";
import { closeDispute, markDisputed } from "./checkout-disputes.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import type { CheckoutState } from "./payment-provider.ts";
import { checkouts } from "./payments.schema.ts";
import { settleCheckoutIn } from "./settle-checkout.ts";
import type { WebhookHandler } from "./webhook-handler.ts";

/** Our checkout of a provider's event: by the metadata's id, else by the provider's id. */
async function checkoutIdOf(
  tx: Parameters<WebhookHandler<"checkout.paid">>[0],
  provider: string,
  state: { checkoutId: string | null; providerCheckoutId: string },
): Promise<string | null> {
  if (state.checkoutId) return state.checkoutId;
  const [row] = await tx
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.provider, provider),
        eq(checkouts.providerCheckoutId, state.providerCheckoutId),
      ),
    );
  return row?.id ?? null;
}

/** `checkout.paid` and `checkout.expired`: settled as the return page would (settle-checkout.ts). */
async function settleFromEvent(
  tx: Parameters<WebhookHandler<"checkout.paid">>[0],
  event: { provider: string; checkout: CheckoutState },
  deps: PaymentDeps,
) {
  const checkoutId = await checkoutIdOf(tx, event.provider, event.checkout);
  if (!checkoutId) return undefined;
  return settleCheckoutIn(tx, deps, checkoutId, event.checkout);
}

export const onCheckoutPaid: WebhookHandler<"checkout.paid"> = settleFromEvent;

export const onCheckoutExpired: WebhookHandler<"checkout.expired"> = settleFromEvent;

/** `checkout.payment-failed`: the card's refusal, shown on the buyer's page. */
export const onCheckoutPaymentFailed: WebhookHandler<"checkout.payment-failed"> = async (
  tx,
  event,
) => {
  await tx
    .update(checkouts)
    .set({ lastError: event.message })
    .where(
      and(eq(checkouts.paymentReference, event.paymentReference), eq(checkouts.status, "open")),
    );
};

export const onDisputeOpened: WebhookHandler<"dispute.opened"> = (tx, event) =>
  markDisputed(tx, event);

export const onDisputeClosed: WebhookHandler<"dispute.closed"> = (tx, event) =>
  closeDispute(tx, event);
