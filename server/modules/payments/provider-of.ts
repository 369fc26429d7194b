import type { Settings } from "#server/config.ts";
import type { PaymentProvider } from "./payment-provider.ts";
import { cardPaymentsOff } from "./payment-settings.ts";
import { stripeProvider } from "./stripe-provider.ts";

const providers = new WeakMap<Settings, PaymentProvider>();

/**
 * The card provider for these settings, made once per settings object (one SDK client and
 * its connection pool per server); null while card payments are off (`cardPaymentsOff`).
 */
export function providerOf(settings: Settings): PaymentProvider | null {
  if (cardPaymentsOff(settings) !== null) return null;
  let provider = providers.get(settings);
  if (!provider) {
    provider = stripeProvider(settings);
    providers.set(settings, provider);
  }
  return provider;
}
