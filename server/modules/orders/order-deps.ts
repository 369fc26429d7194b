import { type PaymentDeps, paymentDepsOf } from "#server/modules/payments/payment-deps.ts";
import type { Services } from "#server/platform/runtime/services.ts";

/** What cancelling an order needs: the payments deps (refunds, messages, PUBLIC_URL). */
export type OrderDeps = PaymentDeps;

export function orderDepsOf(services: Services): OrderDeps {
  return paymentDepsOf(services);
}
