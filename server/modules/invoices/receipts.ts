import { asc, eq } from "drizzle-orm";
import type { InvoiceDocument, ReceiptView } from "#contract/invoice-view.ts";
import { hasReceipt } from "#contract/receipt-rule.ts";
import { isUuid } from "#contract/uuid.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { bookingDocument } from "./booking-document.ts";
import { type BookingFacts, bookingFacts } from "./booking-facts.ts";
import { invoices } from "./invoices.schema.ts";
import { invoiceSummaryOf } from "./issue-invoices.ts";

const noReceipt = () =>
  new FunctionError("NOT_FOUND", "We found no receipt for this booking.", { reason: "not-found" });

/** Who may see a booking's receipt and invoices: its buyer and the event's business owner. */
function maySee(facts: BookingFacts, userId: string): boolean {
  return facts.userId === userId || facts.businessOwnerId === userId;
}

/**
 * The booking a receipt is asked for: NOT_FOUND for anyone but its buyer or the owner of
 * the event's business (exactly as for a reference that does not exist), and NOT_FOUND
 * with reason `not-paid-by-card` for them when nothing was paid by card (pay at the
 * venue, free): there is no receipt to show.
 */
async function receiptBooking(db: Executor, userId: string, reference: string) {
  const facts = await bookingFacts(db, { reference });
  if (!facts || !maySee(facts, userId)) throw noReceipt();
  if (!hasReceipt(facts)) {
    throw new FunctionError(
      "NOT_FOUND",
      facts.paymentProvider === "venue"
        ? "This booking is paid at the venue, so it has no receipt here: the venue gives one when you pay."
        : "This booking was free, so it has no receipt.",
      { reason: "not-paid-by-card" },
    );
  }
  return facts;
}

/** A paid booking's receipt (made now), with its invoice and credit notes when issued. */
export async function receiptOf(
  db: Executor,
  userId: string,
  reference: string,
): Promise<ReceiptView> {
  const facts = await receiptBooking(db, userId, reference);
  const issued = await db
    .select()
    .from(invoices)
    .where(eq(invoices.bookingId, facts.bookingId))
    .orderBy(asc(invoices.issuedAt), asc(invoices.number));
  return {
    bookingId: facts.bookingId,
    reference: facts.reference,
    document: bookingDocument(facts),
    refundedMinor: facts.refundedMinor,
    invoices: issued.map(invoiceSummaryOf),
  };
}

/** An issued invoice or credit note, for the booking's buyer or the business's owner. */
export async function issuedDocumentOf(
  db: Executor,
  userId: string,
  invoiceId: string,
): Promise<{ number: string; kind: "invoice" | "credit-note"; document: InvoiceDocument }> {
  const [row] = isUuid(invoiceId)
    ? await db.select().from(invoices).where(eq(invoices.id, invoiceId))
    : [];
  const facts = row ? await bookingFacts(db, { bookingId: row.bookingId }) : null;
  if (!row || !facts || !maySee(facts, userId)) {
    throw new FunctionError("NOT_FOUND", "We found no such invoice.", { reason: "not-found" });
  }
  const summary = invoiceSummaryOf(row);
  return { number: summary.number, kind: row.kind, document: row.document };
}
