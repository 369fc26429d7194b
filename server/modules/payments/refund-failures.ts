import { sql } from "drizzle-orm";
import { alertPaymentProblem } from "#server/modules/alerts/system-alerts.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import type { refunds } from "./payments.schema.ts";

type RefundRow = typeof refunds.$inferSelect;

/** What Stripe's `failure_reason` codes mean, in words an organiser can act on. */
const failureReasons: Record<string, string> = {
  lost_or_stolen_card: "The card was reported lost or stolen.",
  expired_or_canceled_card: "The card has expired or was cancelled.",
  charge_for_pending_refund_disputed: "The buyer disputed the payment with their bank.",
  insufficient_funds: "The connected account has too little balance to refund.",
  declined: "The card's bank declined the refund.",
  merchant_request: "The refund was cancelled at the provider.",
};

/** The failure of a refund in words: the provider's code translated, else a plain sentence. */
export function refundFailureText(code: string | null | undefined): string {
  return (code && failureReasons[code]) || "The card's bank refused the refund.";
}

/**
 * A refund's attempt failed: the organiser's teams at its event are alerted (urgent), once
 * per refund and attempt (the answer and the webhook may both report it), so they may
 * retry it from the order.
 */
export async function alertRefundFailed(tx: Executor, row: RefundRow): Promise<void> {
  const [event] = await rowsOf<{ title: string }>(
    tx,
    sql`select title from events where id = ${row.eventId}::uuid`,
  );
  const [booking] = await rowsOf<{ reference: string }>(
    tx,
    sql`select reference from bookings where id = ${row.bookingId}::uuid`,
  );
  const amount = `${(row.amountMinor / 100).toFixed(2)} ${row.currency.toUpperCase()}`;
  await alertPaymentProblem(
    tx,
    { id: row.eventId, businessId: row.businessId, title: event?.title ?? "" },
    {
      subject: "A refund failed",
      body: `The refund of ${amount} for booking ${booking?.reference ?? ""} failed: ${row.failure ?? "no reason given"} Retry it from the order.`,
      dedupeKey: `refund-failed:${row.id}:${row.attempt}`,
    },
  );
}
