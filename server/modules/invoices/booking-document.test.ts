import { describe, expect, it } from "vitest";
import { bookingDocument } from "./booking-document.ts";
import type { BookingFacts } from "./booking-facts.ts";

const facts = (overrides: Partial<BookingFacts>): BookingFacts => ({
  bookingId: "b1",
  reference: "K7QM-3TPX",
  userId: "u1",
  createdAt: new Date("2026-11-27T12:00:00Z"),
  paymentProvider: "stripe",
  paymentStatus: "paid",
  totalMinor: 2000,
  feesMinor: 0,
  taxMinor: 0,
  refundedMinor: 0,
  currency: "EUR",
  cardLast4: "4242",
  buyerName: "Ada",
  buyerEmail: null,
  buyerPhone: null,
  eventTitle: "Jazz",
  eventStartsAt: new Date("2026-12-01T19:00:00Z"),
  eventTimeZone: "Europe/Paris",
  venueName: "Hall",
  taxRateBp: 0,
  taxInclusive: true,
  businessId: "s1",
  businessOwnerId: "o1",
  businessName: "Hall Ltd",
  businessAddress: "1 Street",
  businessEmail: "hall@example.com",
  taxId: null,
  invoicesEnabled: true,
  includedTaxMinor: null,
  paidAt: null,
  items: [{ name: "Standard", quantity: 2, unitPriceMinor: 1000, discountMinor: 0 }],
  code: null,
  ...overrides,
});

describe("a booking's receipt", () => {
  it("prints the tickets at their price and no discount line without a code", () => {
    const doc = bookingDocument(facts({}));
    expect(doc.lines).toEqual([
      { description: "Standard", quantity: 2, unitMinor: 1000, amountMinor: 2000 },
    ]);
    expect(doc.subtotalMinor).toBe(2000);
  });

  it("prints the tickets before the code, then what the code took off, adding up to what was paid", () => {
    const doc = bookingDocument(
      facts({
        totalMinor: 2000,
        code: "EARLY20",
        items: [{ name: "Standard", quantity: 2, unitPriceMinor: 1000, discountMinor: 250 }],
      }),
    );
    expect(doc.lines).toEqual([
      { description: "Standard", quantity: 2, unitMinor: 1250, amountMinor: 2500 },
      { description: "Code EARLY20", quantity: 1, unitMinor: -500, amountMinor: -500 },
    ]);
    expect(doc.subtotalMinor).toBe(2000);
    expect(doc.totalMinor).toBe(2000);
  });
});
