import { and, eq, isNull, sql } from "drizzle-orm";
import { alertPaymentProblem } from "#server/modules/alerts/system-alerts.ts";
import { notifyUser } from "#server/modules/notifications/notifications.service.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import { checkouts } from "./payments.schema.ts";
import type { AfterCommit } from "./webhook-handler.ts";

type CheckoutRow = typeof checkouts.$inferSelect;

/** The provider's idempotency key of a checkout's refund: one refund, however often asked. */
export const lateRefundKey = (checkoutId: string) => `late:${checkoutId}`;

/** The organiser's teams hear about a payment problem of this checkout's event. */
export async function alertOrganiser(
  tx: Executor,
  row: CheckoutRow,
  problem: { subject: string; body: string; dedupeKey: string },
): Promise<void> {
  const [event] = await rowsOf<{ title: string }>(
    tx,
    sql`select title from events where id = ${row.eventId}::uuid`,
  );
  await alertPaymentProblem(
    tx,
    { id: row.eventId, businessId: row.businessId, title: event?.title ?? "" },
    problem,
  );
}

/**
 * A paid checkout that gets no tickets (sold out while paying, the event cancelled): in
 * the settling transaction, `refunding` with the problem (the organiser's console lists
 * it), the buyer told why (once, key `checkout-refunded:{id}`) and the organiser's teams
 * alerted. The refund itself needs the provider: after the commit (refundLater).
 */
export async function startRefund(
  tx: Executor,
  deps: PaymentDeps,
  row: CheckoutRow,
  problem: string,
): Promise<void> {
  await tx.update(checkouts).set({ status: "refunding", problem }).where(eq(checkouts.id, row.id));
  const [event] = await rowsOf<{ title: string; short_id: string }>(
    tx,
    sql`select title, short_id from events where id = ${row.eventId}::uuid`,
  );
  const amount = `${(row.totalMinor / 100).toFixed(2)} ${row.currency.toUpperCase()}`;
  await notifyUser(
    tx,
    {
      userId: row.userId,
      kind: "payment-refunded",
      title: `Your payment for ${event?.title ?? "your tickets"} is refunded`,
      body: `${problem}. We refund the full ${amount} to your card; it shows within a few days. No tickets were issued.`,
      link: `/booking/${event?.short_id ?? ""}`,
      key: `checkout-refunded:${row.id}`,
    },
    { messages: deps.messages, publicUrl: deps.settings.PUBLIC_URL },
  );
  await alertOrganiser(tx, row, {
    subject: "A late card payment was refunded",
    body: `${problem} (${amount}). The buyer was told.`,
    dedupeKey: `checkout-refunded:${row.id}`,
  });
}

/** The refund of a checkout, as after-commit work. */
export function refundLater(deps: PaymentDeps, checkoutId: string): AfterCommit {
  return () => refundCheckout(deps, checkoutId);
}

/**
 * Refunds a `refunding` checkout at the provider (the whole payment, key `late:{id}`, so
 * a repeat after a crash or by the reconciliation refunds once) and records the refund.
 */
export async function refundCheckout(deps: PaymentDeps, checkoutId: string): Promise<void> {
  const [row] = await deps.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  if (row?.status !== "refunding" || row.refundId || !row.paymentReference) return;
  if (!deps.provider) throw new Error("card payments are off: cannot refund now");
  const refund = await deps.provider.refund({
    paymentReference: row.paymentReference,
    idempotencyKey: lateRefundKey(row.id),
    reason: null,
    metadata: { checkoutId: row.id },
  });
  await deps.db
    .update(checkouts)
    .set({ refundId: refund.refundId, status: "refunded" })
    .where(and(eq(checkouts.id, row.id), isNull(checkouts.refundId)));
}
