import { eq, sql } from "drizzle-orm";
import { bookings } from "#server/modules/bookings/bookings.schema.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { alertOrganiser } from "./late-refund.ts";
import { checkouts } from "./payments.schema.ts";

/**
 * A chargeback opened by the buyer's bank: the checkout's `disputed_at`, its booking's
 * payment status `disputed`, the organiser's teams alerted (once per dispute). Lock
 * order as settling: the checkout row, then the booking's.
 */
export async function markDisputed(
  tx: Executor,
  dispute: { paymentReference: string; disputeId: string; amountMinor: number; reason: string },
): Promise<void> {
  const [row] = await tx
    .select()
    .from(checkouts)
    .where(eq(checkouts.paymentReference, dispute.paymentReference))
    .for("update");
  if (!row) return;
  await tx
    .update(checkouts)
    .set({ disputedAt: sql`coalesce(${checkouts.disputedAt}, now())` })
    .where(eq(checkouts.id, row.id));
  let reference = "";
  if (row.bookingId) {
    const [booking] = await tx
      .update(bookings)
      .set({ paymentStatus: "disputed" })
      .where(eq(bookings.id, row.bookingId))
      .returning({ reference: bookings.reference });
    reference = booking ? ` of booking ${booking.reference}` : "";
  }
  const amount = `${(dispute.amountMinor / 100).toFixed(2)} ${row.currency.toUpperCase()}`;
  await alertOrganiser(tx, row, {
    subject: "A card payment is disputed",
    body: `The buyer's bank disputes the payment${reference} (${amount}, reason: ${dispute.reason}). Answer it in your Stripe dashboard.`,
    dedupeKey: `dispute:${dispute.disputeId}`,
  });
}

/** A dispute closed: won, the booking is paid again; otherwise it stays disputed. */
export async function closeDispute(
  tx: Executor,
  dispute: { paymentReference: string; disputeId: string; status: string },
): Promise<void> {
  const [row] = await tx
    .select()
    .from(checkouts)
    .where(eq(checkouts.paymentReference, dispute.paymentReference))
    .for("update");
  if (!row?.bookingId || dispute.status !== "won") return;
  await tx
    .update(bookings)
    .set({ paymentStatus: "paid" })
    .where(sql`${bookings.id} = ${row.bookingId} and ${bookings.paymentStatus} = 'disputed'`);
}
