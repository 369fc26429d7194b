import { sql } from "drizzle-orm";
import { normalizeReference } from "#server/modules/bookings/booking-reference.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

/** Everything a receipt or invoice of one booking prints, read in one statement. */
export type BookingFacts = {
  bookingId: string;
  reference: string;
  userId: string;
  createdAt: Date;
  paymentProvider: string;
  paymentStatus: string;
  totalMinor: number;
  feesMinor: number;
  taxMinor: number;
  refundedMinor: number;
  currency: string;
  cardLast4: string | null;
  buyerName: string;
  buyerEmail: string | null;
  buyerPhone: string | null;
  eventTitle: string;
  eventStartsAt: Date;
  eventTimeZone: string;
  venueName: string;
  taxRateBp: number;
  taxInclusive: boolean;
  businessId: string;
  businessOwnerId: string;
  businessName: string;
  businessAddress: string;
  businessEmail: string;
  taxId: string | null;
  invoicesEnabled: boolean;
  /** From the card checkout that made the booking (payments' checkouts, read by name). */
  includedTaxMinor: number | null;
  paidAt: Date | null;
  /** Prices after the code's discount; `discountMinor` is what it took off each ticket. */
  items: { name: string; quantity: number; unitPriceMinor: number; discountMinor: number }[];
  /** The promo code it was booked with (decision 036), or null. */
  code: string | null;
};

type Row = Omit<BookingFacts, "items" | "createdAt" | "eventStartsAt" | "paidAt"> & {
  createdAt: Date | string;
  eventStartsAt: Date | string;
  paidAt: Date | string | null;
  items: BookingFacts["items"] | string;
};

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * The facts of one booking, its event and business, by id or by reference; null when
 * there is no such booking. A malformed id or reference matches nothing (never an error).
 */
export async function bookingFacts(
  db: Executor,
  by: { bookingId: string } | { reference: string },
): Promise<BookingFacts | null> {
  const where =
    "bookingId" in by
      ? sql`b.id::text = ${by.bookingId}`
      : sql`b.reference = ${normalizeReference(by.reference) ?? ""}`;
  const [row] = await rowsOf<Row>(
    db,
    sql`select b.id as "bookingId", b.reference, b.user_id as "userId",
          b.created_at as "createdAt", b.payment_provider as "paymentProvider",
          b.payment_status as "paymentStatus", b.total_minor as "totalMinor",
          b.fees_minor as "feesMinor", b.tax_minor as "taxMinor",
          b.refunded_minor as "refundedMinor", upper(b.currency) as currency,
          b.card_last4 as "cardLast4", b.code, u.name as "buyerName",
          coalesce(b.contact_email, u.email) as "buyerEmail",
          coalesce(b.contact_phone, u.phone) as "buyerPhone",
          e.title as "eventTitle", e.starts_at as "eventStartsAt",
          e.time_zone as "eventTimeZone", e.venue_name as "venueName",
          e.tax_rate_bp as "taxRateBp", e.tax_inclusive as "taxInclusive",
          s.id as "businessId", s.owner_id as "businessOwnerId", s.name as "businessName",
          s.address as "businessAddress", s.contact_email as "businessEmail",
          s.tax_id as "taxId", s.invoices_enabled as "invoicesEnabled",
          c.included_tax_minor as "includedTaxMinor", c.settled_at as "paidAt",
          (select coalesce(json_agg(json_build_object('name', i.name, 'quantity', i.quantity,
              'unitPriceMinor', i.unit_price_minor, 'discountMinor', i.discount_minor)
              order by i.name), '[]'::json)
            from booking_items i where i.booking_id = b.id) as items
        from bookings b
        join users u on u.id = b.user_id
        join events e on e.id = b.event_id
        join businesses s on s.id = e.business_id
        left join checkouts c on c.booking_id = b.id
        where ${where}`,
  );
  if (!row) return null;
  return {
    ...row,
    totalMinor: Number(row.totalMinor),
    feesMinor: Number(row.feesMinor),
    taxMinor: Number(row.taxMinor),
    refundedMinor: Number(row.refundedMinor),
    taxRateBp: Number(row.taxRateBp),
    includedTaxMinor: row.includedTaxMinor === null ? null : Number(row.includedTaxMinor),
    createdAt: asDate(row.createdAt),
    eventStartsAt: asDate(row.eventStartsAt),
    paidAt: row.paidAt === null ? null : asDate(row.paidAt),
    items: typeof row.items === "string" ? JSON.parse(row.items) : row.items,
  };
}
