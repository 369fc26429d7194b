import { formatPrice } from "#app/events/format.ts";

type PricedBooking = { priceMinor: number; currency: string; paymentStatus: string };

/**
 * The price row of `/ticket-detail/{id}`: "Price paid" only once it is paid; a booking paid
 * at the venue has nothing paid yet.
 */
export function ticketPriceRow(booking: PricedBooking): { label: string; value: string } {
  const price = formatPrice(booking.priceMinor, booking.currency);
  switch (booking.paymentStatus) {
    case "paid":
      return { label: "Price paid", value: price };
    case "unpaid":
      return { label: "Price", value: `${price}, to pay at the venue` };
    case "refunded":
      return { label: "Price", value: `${price}, refunded` };
    default:
      return { label: "Price", value: price };
  }
}
