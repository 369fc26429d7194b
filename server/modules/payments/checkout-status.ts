import { sql } from "drizzle-orm";
import type { CheckoutStatusView } from "#contract/checkout-view.ts";
import type { CheckoutStatus } from "#contract/payment-options.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import { settleCheckout } from "./settle-checkout.ts";

type ViewRow = {
  id: string;
  status: CheckoutStatus;
  hold_id: string;
  short_id: string;
  reference: string | null;
  last_error: string | null;
  problem: string | null;
  expires_at: string | Date;
  provider_checkout_id: string | null;
};

/** What the buyer reads on the page they come back to, by the checkout's status. */
function messageOf(row: ViewRow): string | null {
  switch (row.status) {
    case "open":
      return row.last_error;
    case "expired":
      return "The payment page expired before the payment went through. Nothing was charged.";
    case "refunding":
    case "refunded":
      return `${row.problem ?? "Your payment could not be booked: refunded"}. The full amount goes back to your card.`;
    case "flagged":
      return "We could not confirm this payment. The organiser will look into it and contact you; no tickets were issued.";
    default:
      return null;
  }
}

/** The checkout as its buyer sees it; null when it is not theirs (or does not exist). */
export async function findCheckoutView(
  db: Executor,
  where: { checkoutId: string } | { holdId: string },
  userId: string,
): Promise<(CheckoutStatusView & { providerCheckoutId: string | null }) | null> {
  const condition =
    "checkoutId" in where
      ? sql`c.id = ${where.checkoutId}::uuid`
      : sql`c.hold_id = ${where.holdId}::uuid`;
  const [row] = await rowsOf<ViewRow>(
    db,
    sql`select c.id, c.status, c.hold_id, e.short_id, b.reference, c.last_error, c.problem,
          c.expires_at, c.provider_checkout_id
        from checkouts c join events e on e.id = c.event_id
        left join bookings b on b.id = c.booking_id
        where ${condition} and c.user_id = ${userId}::uuid`,
  );
  if (!row) return null;
  return {
    checkoutId: row.id,
    status: row.status,
    holdId: row.hold_id,
    eventShortId: row.short_id,
    bookingReference: row.reference,
    message: messageOf(row),
    expiresAt: new Date(row.expires_at).toISOString(),
    providerCheckoutId: row.provider_checkout_id,
  };
}

/**
 * payments.checkoutStatus: the caller's checkout. While it is open, asks the provider
 * and settles with its answer: the page the buyer returns to never waits for the webhook
 * (whichever of the two comes first makes the booking; the checkout row's lock makes it
 * once). A provider that cannot be reached leaves it open: the page asks again.
 */
export async function readCheckoutStatus(
  deps: PaymentDeps,
  userId: string,
  checkoutId: string,
): Promise<CheckoutStatusView> {
  const view = await findCheckoutView(deps.db, { checkoutId }, userId);
  if (!view) throw new FunctionError("NOT_FOUND", "Checkout not found.");
  if (view.status === "open" && view.providerCheckoutId && deps.provider) {
    try {
      const state = await deps.provider.readCheckout(view.providerCheckoutId);
      await settleCheckout(deps, checkoutId, state);
    } catch (error) {
      deps.log.warn({ err: error, checkoutId }, "could not ask the provider about a checkout");
    }
  }
  const settled = await findCheckoutView(deps.db, { checkoutId }, userId);
  if (!settled) throw new FunctionError("NOT_FOUND", "Checkout not found.");
  const { providerCheckoutId: _, ...shown } = settled;
  return shown;
}
