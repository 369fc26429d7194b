import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { type InvoiceDocument, type InvoiceKind, invoiceKinds } from "#contract/invoice-view.ts";
import { bookings } from "#server/modules/bookings/bookings.schema.ts";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { oneOf } from "#server/platform/db/sql-values.ts";

/**
 * The next number of each business's invoices and of its credit notes. Taken with
 * `update … returning` in the transaction that issues the document: concurrent issues
 * queue on the row, and a rolled-back issue gives its number back, so the sequence has no
 * gaps and no repeats.
 */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    kind: text("kind").$type<InvoiceKind>().notNull(),
    nextNumber: integer("next_number").notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.kind] }),
    check("invoice_counters_kind_known", oneOf(t.kind, invoiceKinds)),
  ],
);

/**
 * An issued invoice (a paid booking of a business with invoices on) or credit note (a
 * refund of an invoiced booking, `creditedInvoiceId` the invoice it corrects). The whole
 * document is frozen in `document` when issued; the migration's trigger refuses any
 * update or delete of a row, so an issued number never changes or disappears.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    kind: text("kind").$type<InvoiceKind>().notNull(),
    number: integer("number").notNull(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    /** The refund a credit note is for (payments' refunds, by id). */
    refundId: uuid("refund_id"),
    creditedInvoiceId: uuid("credited_invoice_id"),
    document: jsonb("document").$type<InvoiceDocument>().notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invoices_number").on(t.businessId, t.kind, t.number),
    uniqueIndex("invoices_booking_invoice").on(t.bookingId).where(sql`${t.kind} = 'invoice'`),
    uniqueIndex("invoices_refund").on(t.refundId),
    index("invoices_booking").on(t.bookingId),
    check("invoices_kind_known", oneOf(t.kind, invoiceKinds)),
    check("invoices_number_positive", sql`${t.number} > 0`),
    check(
      "invoices_credit_note_refers",
      sql`(${t.kind} = 'invoice') = (${t.creditedInvoiceId} is null and ${t.refundId} is null)`,
    ),
  ],
);
