import { describe, expect, it } from "vitest";
import { ticketPriceRow } from "./ticket-price.ts";

describe("the price line of a ticket's details", () => {
  it("does not call a pay-at-venue price paid", () => {
    expect(ticketPriceRow({ priceMinor: 1500, currency: "GBP", paymentStatus: "unpaid" })).toEqual({
      label: "Price",
      value: "£15.00, to pay at the venue",
    });
  });

  it("says paid once paid, refunded once refunded, and free when free", () => {
    expect(ticketPriceRow({ priceMinor: 1500, currency: "GBP", paymentStatus: "paid" })).toEqual({
      label: "Price paid",
      value: "£15.00",
    });
    expect(
      ticketPriceRow({ priceMinor: 1500, currency: "GBP", paymentStatus: "refunded" }).value,
    ).toBe("£15.00, refunded");
    expect(
      ticketPriceRow({ priceMinor: 0, currency: "GBP", paymentStatus: "not-required" }),
    ).toEqual({ label: "Price", value: "Free" });
  });
});
