import type { InvoiceSummary } from "#contract/invoice-view.ts";
import type { Executor } from "#server/platform/db/database.ts";

// CONTRACT STUBS (lead): the signatures are final; the invoices work builds the bodies.

/**
 * Issues the invoice of a paid booking, in the caller's transaction (the one that made
 * the booking), when its business has invoices on: the next number of the business's
 * sequence and the frozen document. Once per booking (a repeat returns the first); null
 * when invoices are off or the booking was not paid by card.
 */
export async function issueInvoiceFor(
  _tx: Executor,
  _bookingId: string,
): Promise<InvoiceSummary | null> {
  return null;
}

/**
 * Issues the credit note of a refund (payments' `refunds` row, by id) in the caller's
 * transaction (the one that recorded the refund), when the booking has an invoice: the
 * next credit-note number, the refunded amount, the reason, the invoice it corrects.
 * Once per refund; null when the booking has no invoice.
 */
export async function issueCreditNoteFor(
  _tx: Executor,
  _refundId: string,
): Promise<InvoiceSummary | null> {
  return null;
}
