import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { bookClaimedHold } from "#server/modules/bookings/book-claimed-hold.ts";
import { claimHold, claimLapsedHold } from "#server/modules/holds/claim-hold.ts";
import { loadHoldView } from "#server/modules/holds/hold-view.ts";
import { issueInvoiceFor } from "#server/modules/invoices/issue-invoices.ts";
import { keptAnswers } from "#server/modules/questions/check-answers.ts";
import { emitWebhook } from "#server/modules/webhooks/emit-webhook.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { alertOrganiser, refundLater, startRefund } from "./late-refund.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import type { CheckoutState } from "./payment-provider.ts";
import { checkouts } from "./payments.schema.ts";
import type { AfterCommit } from "./webhook-handler.ts";

type CheckoutRow = typeof checkouts.$inferSelect;

/**
 * A paid checkout, in the settling transaction (its row locked by the caller):
 * - amount or currency not the row's: `flagged`, never a booking, the organiser alerted.
 * - the hold claimed (live, or run out but not swept, or ended with its tickets still
 *   free: holds' claimLapsedHold): the booking, paid, with the checkout's amounts, and the
 *   buyer told as for any booking (the tickets email); the `order.paid` webhook (after
 *   the booking's `order.created`).
 * - otherwise (sold out meanwhile, the event cancelled): `refunding`, the buyer and the
 *   organiser told why, and the refund returned as after-commit work (key `late:{id}`).
 */
export async function settlePaidCheckout(
  tx: Executor,
  deps: PaymentDeps,
  row: CheckoutRow,
  state: CheckoutState,
): Promise<AfterCommit | undefined> {
  await tx
    .update(checkouts)
    .set({
      paidAmountMinor: state.amountMinor,
      paidCurrency: state.currency?.toLowerCase() ?? null,
      paymentReference: state.paymentReference,
      cardLast4: state.cardLast4,
      lastError: null,
      settledAt: sql`now()`,
    })
    .where(eq(checkouts.id, row.id));
  const mismatch = mismatchOf(row, state);
  if (mismatch) {
    await tx
      .update(checkouts)
      .set({ status: "flagged", problem: mismatch })
      .where(eq(checkouts.id, row.id));
    await alertOrganiser(tx, row, {
      subject: "A card payment does not match its order",
      body: `${mismatch}. No tickets were issued; check the payment in your Stripe dashboard.`,
      dedupeKey: `checkout-flagged:${row.id}`,
    });
    return undefined;
  }
  const claim = await claimForPayment(tx, row);
  if (claim !== "claimed") {
    const problem =
      claim === "event-cancelled"
        ? "The event was cancelled while you were paying: refunded"
        : claim === "already-converted"
          ? "These tickets were already booked: refunded"
          : "Sold out while you were paying: refunded";
    await startRefund(tx, deps, row, problem);
    return refundLater(deps, row.id);
  }
  const pauseMs = deps.settings.NODE_ENV === "test" ? deps.settings.TEST_SETTLE_PAUSE_MS : 0;
  if (pauseMs > 0) await tx.execute(sql`select pg_sleep(${pauseMs / 1000})`);
  const hold = await loadHoldView(tx, row.holdId, row.userId);
  const booked = await bookClaimedHold(tx, deps, {
    bookingId: randomUUID(),
    userId: row.userId,
    hold,
    attendees: row.attendees,
    answers: await keptAnswers(tx, hold, row.attendees, row.orderAnswers),
    contactEmail: row.contactEmail ?? undefined,
    payment: {
      provider: row.provider,
      status: "paid",
      feesMinor: row.feesMinor,
      taxMinor: row.taxMinor,
      totalMinor: row.totalMinor,
      cardLast4: state.cardLast4,
    },
  });
  await tx
    .update(checkouts)
    .set({ status: "booked", bookingId: booked.bookingId })
    .where(eq(checkouts.id, row.id));
  // Once: the checkout row is locked and settled here, whichever of the return page, the
  // webhook and the reconciliation came first (the later ones find it settled).
  await emitWebhook(tx, {
    eventId: hold.eventId,
    type: "order.paid",
    data: {
      orderId: booked.bookingId,
      eventId: hold.eventId,
      amountMinor: row.totalMinor,
      currency: booked.currency,
    },
  });
  await issueInvoiceFor(tx, booked.bookingId);
  return undefined;
}

/** What differs between the payment and the order, in the organiser's words; null if nothing. */
function mismatchOf(row: CheckoutRow, state: CheckoutState): string | null {
  const currency = state.currency?.toLowerCase() ?? null;
  if (currency !== row.currency) {
    return `Paid in ${currency?.toUpperCase() ?? "an unknown currency"}, the order is in ${row.currency.toUpperCase()}`;
  }
  if (state.amountMinor !== row.totalMinor) {
    return `Paid ${state.amountMinor ?? "an unknown amount"} (minor units), the order costs ${row.totalMinor}`;
  }
  return null;
}

/** Claims the checkout's hold for the booking: live, or lapsed with its tickets still free. */
async function claimForPayment(
  tx: Executor,
  row: CheckoutRow,
): Promise<"claimed" | "sold-out" | "already-converted" | "event-cancelled"> {
  try {
    if (await claimHold(tx, row.userId, row.holdId, row.eventId)) return "claimed";
  } catch (error) {
    // claimHold refuses a cancelled event before writing anything: the transaction is intact.
    if (error instanceof FunctionError) return "event-cancelled";
    throw error;
  }
  return claimLapsedHold(tx, row.userId, row.holdId);
}
