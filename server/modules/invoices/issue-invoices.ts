import { and, eq, sql } from "drizzle-orm";
import { type InvoiceSummary, invoiceNumberText } from "#contract/invoice-view.ts";
import { hasReceipt } from "#contract/receipt-rule.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { bookingDocument } from "./booking-document.ts";
import { bookingFacts } from "./booking-facts.ts";
import { creditNoteDocument, type RefundFacts } from "./credit-note-document.ts";
import { takeInvoiceNumber } from "./invoice-numbers.ts";
import { invoices } from "./invoices.schema.ts";

type InvoiceRow = typeof invoices.$inferSelect;

/** An issued invoice or credit note as listed: its printed number and total. */
export function invoiceSummaryOf(row: InvoiceRow): InvoiceSummary {
  return {
    id: row.id,
    kind: row.kind,
    number: invoiceNumberText(row.kind, row.number),
    issuedAt: row.issuedAt.toISOString(),
    totalMinor: row.document.totalMinor,
    currency: row.document.currency,
  };
}

/**
 * Issues the invoice of a paid booking, in the caller's transaction (the one that made
 * the booking), when its business has invoices on: the next number of the business's
 * sequence and the frozen document. Once per booking (a repeat returns the first); null
 * when invoices are off or the booking was not paid by card.
 */
export async function issueInvoiceFor(
  tx: Executor,
  bookingId: string,
): Promise<InvoiceSummary | null> {
  const [issued] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.bookingId, bookingId), eq(invoices.kind, "invoice")));
  if (issued) return invoiceSummaryOf(issued);
  const facts = await bookingFacts(tx, { bookingId });
  if (!facts?.invoicesEnabled || !hasReceipt(facts)) return null;
  const number = await takeInvoiceNumber(tx, facts.businessId, "invoice");
  const [row] = await tx
    .insert(invoices)
    .values({
      businessId: facts.businessId,
      kind: "invoice",
      number,
      bookingId,
      document: bookingDocument(facts),
    })
    .returning();
  if (!row) throw new Error("invoice not issued");
  return invoiceSummaryOf(row);
}

/** The refund (locked, so one credit note per refund) with its tickets per type. */
async function refundFacts(tx: Executor, refundId: string): Promise<RefundFacts | null> {
  const [refund] = await rowsOf<{
    id: string;
    booking_id: string;
    reason: string | null;
    amount_minor: number;
    fees_minor: number;
    created_at: Date | string;
  }>(
    tx,
    sql`select id, booking_id, reason, amount_minor, fees_minor, created_at
        from refunds where id::text = ${refundId} for update`,
  );
  if (!refund) return null;
  const types = await rowsOf<{ name: string; count: number; unit_price_minor: number }>(
    tx,
    sql`select i.name, count(*)::int as count, i.unit_price_minor
        from tickets k
        join booking_items i on i.booking_id = k.booking_id and i.ticket_type_id = k.ticket_type_id
        where k.booking_id = ${refund.booking_id}::uuid
          and k.id = any(select unnest(ticket_ids) from refunds where id = ${refund.id}::uuid)
        group by i.name, i.unit_price_minor order by i.name`,
  );
  return {
    refundId: refund.id,
    bookingId: refund.booking_id,
    reason: refund.reason?.trim() || null,
    amountMinor: Number(refund.amount_minor),
    feesMinor: Number(refund.fees_minor),
    createdAt: new Date(refund.created_at),
    types: types.map((t) => ({
      name: t.name,
      count: Number(t.count),
      unitPriceMinor: Number(t.unit_price_minor),
    })),
  };
}

/**
 * Issues the credit note of a refund (payments' `refunds` row, by id) in the caller's
 * transaction (the one that recorded the refund), when the booking has an invoice: the
 * next credit-note number, the refunded amount, the reason, the invoice it corrects.
 * Once per refund; null when the booking has no invoice.
 */
export async function issueCreditNoteFor(
  tx: Executor,
  refundId: string,
): Promise<InvoiceSummary | null> {
  const refund = await refundFacts(tx, refundId);
  if (!refund) return null;
  const [issued] = await tx.select().from(invoices).where(eq(invoices.refundId, refund.refundId));
  if (issued) return invoiceSummaryOf(issued);
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.bookingId, refund.bookingId), eq(invoices.kind, "invoice")));
  if (!invoice) return null;
  const number = await takeInvoiceNumber(tx, invoice.businessId, "credit-note");
  const [row] = await tx
    .insert(invoices)
    .values({
      businessId: invoice.businessId,
      kind: "credit-note",
      number,
      bookingId: refund.bookingId,
      refundId: refund.refundId,
      creditedInvoiceId: invoice.id,
      document: creditNoteDocument(
        invoice.document,
        invoiceNumberText("invoice", invoice.number),
        refund,
      ),
    })
    .returning();
  if (!row) throw new Error("credit note not issued");
  return invoiceSummaryOf(row);
}
