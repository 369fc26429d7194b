import { isFunctionError } from "#app/forms/form-failure.ts";
import type { ServerContext } from "#app/server-context.ts";
import type { CheckoutQuote, CheckoutStatusView } from "#contract/checkout-view.ts";
import { bookingPath } from "#contract/paths.ts";
import type { CheckoutReturn } from "./checkout-return.ts";

/** The payment side of a live hold (method, lines, totals); null when it has none to give. */
export async function quoteOf(
  server: ServerContext,
  holdId: string,
): Promise<CheckoutQuote | null> {
  try {
    return await server.invoke("payments.quote", { holdId });
  } catch (error) {
    // The hold lapsed or went between the two calls: the page shows what holds.current said.
    if (isFunctionError(error) && error.httpCode < 500) return null;
    throw error;
  }
}

const problemMessages = {
  refunding: "Your payment came too late for these tickets: it is being refunded to your card.",
  refunded: "Your payment came too late for these tickets: it was refunded to your card.",
  flagged:
    "Your payment did not match your order, so the booking was not made. The organiser will be in touch.",
} as const;

/**
 * Asks the server (which asks the provider: the page does not wait for the webhook) what
 * became of the checkout. An unknown id, or another person's, is ignored like any
 * unknown query parameter.
 */
export async function checkoutReturn(
  server: ServerContext,
  checkoutId: string,
  back: boolean,
): Promise<{ redirectTo: string } | CheckoutReturn | null> {
  let view: CheckoutStatusView;
  try {
    view = await server.invoke("payments.checkoutStatus", {
      checkoutId: checkoutId.slice(0, 100),
    });
  } catch (error) {
    if (isFunctionError(error) && ["NOT_FOUND", "INVALID_ARGUMENT"].includes(error.status)) {
      return null;
    }
    throw error;
  }
  switch (view.status) {
    case "booked":
      return view.bookingReference
        ? { redirectTo: bookingPath(view.bookingReference) }
        : { kind: "confirming" };
    case "open":
      return back ? { kind: "cancelled", message: view.message } : { kind: "confirming" };
    case "expired":
      return { kind: "expired" };
    default:
      return { kind: "problem", message: view.message ?? problemMessages[view.status] };
  }
}
