import type { PaymentStatus } from "#contract/booking-status.ts";
import type { HoldView } from "#contract/hold-view.ts";
import { issueTickets } from "#server/modules/tickets/issue-tickets.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { newBookingReference } from "./booking-reference.ts";
import { bookingItems, bookings } from "./bookings.schema.ts";
import { FREE_PROVIDER, type PaymentProviderName, paymentProviders } from "./payment-provider.ts";

/** A payment taken before the booking was made (a card checkout): what the booking records. */
export type BookedPayment = {
  /** The card provider's name (`stripe`), stored as the booking's `payment_provider`. */
  provider: string;
  status: PaymentStatus;
  feesMinor: number;
  taxMinor: number;
  totalMinor: number;
  /** The card's last 4 digits, for the receipt. */
  cardLast4?: string | null;
};

/** The booking row, under a fresh human-readable reference: its reference, payment status and currency. */
export async function insertBooking(
  tx: Executor,
  input: {
    id: string;
    userId: string;
    hold: HoldView;
    contactPhone: string | null;
    contactEmail: string | null;
    provider: PaymentProviderName;
    /**
     * Already paid (a card checkout settled by the payments module): the provider's name,
     * the status and the amounts as charged, instead of asking a built-in provider.
     */
    paid?: BookedPayment;
  },
): Promise<{ reference: string; paymentStatus: PaymentStatus; currency: string }> {
  const free = input.hold.totalMinor === 0;
  const currency = input.hold.currency ?? "EUR";
  // A collision among 8.5e11 references is rare; a fresh one is tried on conflict.
  for (let tries = 0; tries < 5; tries++) {
    const reference = newBookingReference();
    const payment = input.paid
      ? { paymentStatus: input.paid.status }
      : free
        ? { paymentStatus: "not-required" as const }
        : await paymentProviders[input.provider].start(tx, {
            bookingId: input.id,
            reference,
            userId: input.userId,
            totalMinor: input.hold.totalMinor,
            currency,
          });
    const inserted = await tx
      .insert(bookings)
      .values({
        id: input.id,
        reference,
        userId: input.userId,
        eventId: input.hold.eventId,
        holdId: input.hold.id,
        paymentStatus: payment.paymentStatus,
        paymentProvider: input.paid?.provider ?? (free ? FREE_PROVIDER : input.provider),
        totalMinor: input.paid?.totalMinor ?? input.hold.totalMinor,
        feesMinor: input.paid?.feesMinor ?? 0,
        taxMinor: input.paid?.taxMinor ?? 0,
        cardLast4: input.paid?.cardLast4 ?? null,
        currency,
        contactPhone: input.contactPhone,
        contactEmail: input.contactEmail,
        code: input.hold.code,
      })
      .onConflictDoNothing({ target: bookings.reference })
      .returning({ id: bookings.id });
    if (inserted.length > 0) return { reference, paymentStatus: payment.paymentStatus, currency };
  }
  throw new Error("no free booking reference after 5 tries");
}

/**
 * The booking's lines (names and prices as held) and one ticket per attendee; returns the
 * tickets' ids in the attendees' order.
 */
export async function insertLinesAndTickets(
  tx: Executor,
  bookingId: string,
  userId: string,
  hold: HoldView,
  attendees: { name: string }[],
): Promise<string[]> {
  await tx.insert(bookingItems).values(
    hold.items.map((item) => ({
      bookingId,
      ticketTypeId: item.ticketTypeId,
      name: item.name,
      quantity: item.quantity,
      unitPriceMinor: item.unitPriceMinor,
      discountMinor: item.discountMinor,
      currency: item.currency,
    })),
  );
  const types = hold.items.flatMap((item) =>
    Array.from({ length: item.quantity }, () => item.ticketTypeId),
  );
  return issueTickets(tx, {
    bookingId,
    eventId: hold.eventId,
    holderUserId: userId,
    admissions: types.map((ticketTypeId, index) => ({
      ticketTypeId,
      attendeeName: attendees[index]?.name ?? "",
    })),
  });
}
