// Built by server/modules/invoices/; shown by the receipt and invoice pages and PDFs.

/** An invoice of a paid booking, or a credit note of a refund that corrects one. */
export const invoiceKinds = ["invoice", "credit-note"] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

/** One line of a receipt or invoice: a ticket type, the booking fee, a refund. */
export type DocumentLine = {
  description: string;
  quantity: number;
  unitMinor: number;
  /** quantity × unitMinor (negative on a credit note). */
  amountMinor: number;
};

/**
 * Everything a receipt, an invoice or a credit note prints, as it was when made. An
 * invoice or credit note keeps this frozen (invoices.document); a receipt is built from
 * the booking each time it is shown.
 */
export type InvoiceDocument = {
  seller: { name: string; address: string; taxId: string | null; email: string };
  buyer: { name: string; email: string | null; phone: string | null };
  booking: { reference: string; createdAt: string };
  event: { title: string; startsAt: string; timeZone: string; venueName: string };
  lines: DocumentLine[];
  /** Upper-case ISO 4217 ("EUR"). */
  currency: string;
  /** Sum of the ticket lines (with inclusive tax inside them). */
  subtotalMinor: number;
  feesMinor: number;
  /** Tax added on top (exclusive rates). */
  taxMinor: number;
  /** Tax contained in the prices (inclusive rates), for information. */
  includedTaxMinor: number;
  taxRateBp: number;
  totalMinor: number;
  payment: { provider: string; cardLast4: string | null; paidAt: string | null };
  /** A credit note: the refund's reason and the invoice it corrects. */
  credit: { reason: string | null; invoiceNumber: string; refundedAt: string } | null;
};

/** An invoice or credit note as listed on an order: its printed number, e.g. "INV-000042". */
export type InvoiceSummary = {
  id: string;
  kind: InvoiceKind;
  number: string;
  issuedAt: string;
  totalMinor: number;
  currency: string;
};

/**
 * A booking's receipt (every paid booking), with the business's invoice and credit notes
 * when it issues them. `document` is the receipt's own content (built now).
 */
export type ReceiptView = {
  bookingId: string;
  reference: string;
  document: InvoiceDocument;
  refundedMinor: number;
  invoices: InvoiceSummary[];
};

/** The printed number of an invoice or credit note. */
export function invoiceNumberText(kind: InvoiceKind, number: number): string {
  return `${kind === "invoice" ? "INV" : "CN"}-${String(number).padStart(6, "0")}`;
}
