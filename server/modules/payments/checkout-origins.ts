import { cardPaymentsOff } from "./payment-settings.ts";

/** Where Stripe's hosted pages live: the checkout, and Connect's onboarding. */
const stripePageOrigins = ["https://checkout.stripe.com", "https://connect.stripe.com"];

/**
 * The origins a page form may lead to besides our own: "Pay" (and "Connect with Stripe")
 * posts to us and we redirect the browser to the hosted page, which the Content-Security-Policy's `form-action`
 * also governs (browsers check a form's redirects against it). None while cards are off;
 * with `STRIPE_API_URL` (tests), that server's origin too: the test peer hosts its page.
 */
export function checkoutPageOrigins(settings: {
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  STRIPE_API_URL?: string | undefined;
}): string[] {
  if (cardPaymentsOff(settings) !== null) return [];
  const origins = [...stripePageOrigins];
  if (settings.STRIPE_API_URL) origins.push(new URL(settings.STRIPE_API_URL).origin);
  return origins;
}
