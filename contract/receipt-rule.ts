import type { PaymentStatus } from "./booking-status.ts";

/** Payment statuses of a booking whose money was taken by card (some may be back since). */
const cardPaidStatuses: readonly PaymentStatus[] = [
  "paid",
  "partly-refunded",
  "refunded",
  "disputed",
];

/** Providers that never take money up front. */
const notCardProviders = ["free", "venue"];

/**
 * Whether a booking has a receipt: its money was taken by card (also when refunded
 * since). A pay-at-venue or free booking has none. The server's receipt and invoice
 * functions and the pages' "Receipt" links both ask this.
 */
export function hasReceipt(booking: { paymentProvider: string; paymentStatus: string }): boolean {
  return (
    !notCardProviders.includes(booking.paymentProvider) &&
    (cardPaidStatuses as readonly string[]).includes(booking.paymentStatus)
  );
}
