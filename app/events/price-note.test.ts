import { describe, expect, it } from "vitest";
import { priceNote, taxRateText } from "./price-note.ts";

const ticket = (priceMinor: number, feeMinor: number, addedTaxMinor = 0) => ({
  priceMinor,
  feeMinor,
  allInPriceMinor: priceMinor + feeMinor + addedTaxMinor,
  currency: "EUR",
});
const noTax = { rateBp: 0, inclusive: true };

describe("the note under an all-in price", () => {
  it("names the booking fee of a card-paid ticket", () => {
    expect(priceNote(ticket(1200, 80), noTax)).toBe("incl. €0.80 booking fee");
  });

  it("names an inclusive rate, and an added tax by its amount", () => {
    expect(priceNote(ticket(1200, 0), { rateBp: 2000, inclusive: true })).toBe(
      "incl. 20\u00a0% VAT",
    );
    expect(priceNote(ticket(1000, 80, 200), { rateBp: 2000, inclusive: false })).toBe(
      "incl. €0.80 booking fee and €2.00 tax",
    );
  });

  it("says nothing when the price is all there is, or the ticket is free", () => {
    expect(priceNote(ticket(1200, 0), noTax)).toBeNull();
    expect(priceNote(ticket(0, 0), { rateBp: 2000, inclusive: false })).toBeNull();
  });

  it("writes rates in percent", () => {
    expect(taxRateText(750)).toBe("7.5\u00a0%");
    expect(taxRateText(2000)).toBe("20\u00a0%");
  });
});
