import { cardPaymentsOff } from "./payment-settings.ts";

/** Where Stripe's hosted checkout pages live. */
const stripeCheckoutOrigin = "https://checkout.stripe.com";

/**
 * The origins a page form may lead to besides our own: "Pay" posts to us and we redirect
 * the browser to the hosted checkout, which the Content-Security-Policy's `form-action`
 * also governs (browsers check a form's redirects against it). None while cards are off;
 * with `STRIPE_API_URL` (tests), that server's origin too: the test peer hosts its page.
 */
export function checkoutPageOrigins(settings: {
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  STRIPE_API_URL?: string | undefined;
}): string[] {
  if (cardPaymentsOff(settings) !== null) return [];
  const origins = [stripeCheckoutOrigin];
  if (settings.STRIPE_API_URL) origins.push(new URL(settings.STRIPE_API_URL).origin);
  return origins;
}
