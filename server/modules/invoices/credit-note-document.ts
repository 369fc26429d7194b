import type { DocumentLine, InvoiceDocument } from "#contract/invoice-view.ts";
import { shareOut } from "#contract/refund-amounts.ts";

/** A refund as the credit note prints it (payments' refunds row, read by name). */
export type RefundFacts = {
  refundId: string;
  bookingId: string;
  reason: string | null;
  amountMinor: number;
  feesMinor: number;
  createdAt: Date;
  /** The refunded tickets per ticket type (none: the money only). */
  types: { name: string; count: number; unitPriceMinor: number }[];
};

/**
 * The credit note of one refund of an invoiced booking: the invoice's seller, buyer and
 * event, the refunded money as negative lines (the tickets' part per ticket type, the
 * booking fee's part), the added tax's part in proportion, the reason and the invoice it
 * corrects. Its lines and tax add up to minus the refunded amount.
 */
export function creditNoteDocument(
  invoice: InvoiceDocument,
  invoiceNumber: string,
  refund: RefundFacts,
): InvoiceDocument {
  const ticketPart = refund.amountMinor - refund.feesMinor;
  const beforeTax = invoice.totalMinor - invoice.feesMinor;
  const taxMinor = beforeTax > 0 ? Math.round((ticketPart * invoice.taxMinor) / beforeTax) : 0;
  const net = ticketPart - taxMinor;
  const types = refund.types.length > 0 ? refund.types : [];
  const shares = shareOut(
    net,
    types.map((t) => t.count * t.unitPriceMinor),
  );
  const ticketLines: DocumentLine[] =
    types.length > 0
      ? types.map((type, i) => lineOf(`Refund: ${type.name}`, type.count, -(shares[i] ?? 0)))
      : net > 0
        ? [lineOf("Refund", 1, -net)]
        : [];
  const feeLines =
    refund.feesMinor > 0 ? [lineOf("Booking fee refunded", 1, -refund.feesMinor)] : [];
  const subtotal = ticketLines.reduce((sum, line) => sum + line.amountMinor, 0);
  return {
    ...invoice,
    lines: [...ticketLines, ...feeLines],
    subtotalMinor: subtotal,
    feesMinor: -refund.feesMinor,
    taxMinor: -taxMinor,
    includedTaxMinor:
      invoice.subtotalMinor > 0
        ? -Math.round((net * invoice.includedTaxMinor) / invoice.subtotalMinor)
        : 0,
    totalMinor: -refund.amountMinor,
    credit: {
      reason: refund.reason,
      invoiceNumber,
      refundedAt: refund.createdAt.toISOString(),
    },
  };
}

/** A line of `count` of something; the unit shown when it divides evenly, else the whole. */
function lineOf(description: string, count: number, amountMinor: number): DocumentLine {
  return amountMinor % count === 0
    ? { description, quantity: count, unitMinor: amountMinor / count, amountMinor }
    : {
        description: `${description} × ${count}`,
        quantity: 1,
        unitMinor: amountMinor,
        amountMinor,
      };
}
