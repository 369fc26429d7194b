import type { Settings } from "#server/config.ts";
import type { PaymentProvider } from "./payment-provider.ts";

/**
 * The card provider for these settings, made once per settings object; null while card
 * payments are off (`cardPaymentsOff`).
 */
export function providerOf(_settings: Settings): PaymentProvider | null {
  // Built by the Stripe adapter (stripe-provider.ts).
  return null;
}
