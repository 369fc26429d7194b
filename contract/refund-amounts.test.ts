import { describe, expect, it } from "vitest";
import { refundAmountOf, shareOut, ticketShares } from "./refund-amounts.ts";

const tickets = [
  { id: "a", unitPriceMinor: 2000 },
  { id: "b", unitPriceMinor: 2000 },
  { id: "c", unitPriceMinor: 1000 },
];

describe("refund amounts", () => {
  it("shares a total out in whole units that add up exactly", () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(0, [5, 5])).toEqual([0, 0]);
    expect(shareOut(7, [0, 0])).toEqual([4, 3]);
    for (const total of [1, 99, 5321, 100_003]) {
      const shares = shareOut(total, [3, 7, 11, 0, 5]);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
    }
  });

  it("gives each ticket its share of the total and of the booking fee, by price", () => {
    const shares = ticketShares({ totalMinor: 5250, feesMinor: 250 }, tickets);
    expect(shares.get("a")).toEqual({ amountMinor: 2100, feesMinor: 100 });
    expect(shares.get("c")).toEqual({ amountMinor: 1050, feesMinor: 50 });
  });

  it("refunds one ticket, then the rest, giving back exactly the total", () => {
    const booking = { totalMinor: 5251, feesMinor: 251, refundedMinor: 0 };
    const first = refundAmountOf(booking, tickets, ["c"]);
    const rest = refundAmountOf({ ...booking, refundedMinor: first.amountMinor }, tickets, [
      "a",
      "b",
    ]);
    expect(first.amountMinor + rest.amountMinor).toBe(5251);
    expect(first.feesMinor + rest.feesMinor).toBe(251);
    expect(first.keptMinor + rest.keptMinor).toBe(0);
  });

  it("keeps the policy's fee back, rounded in the buyer's favour", () => {
    const amount = refundAmountOf(
      { totalMinor: 999, feesMinor: 0, refundedMinor: 0 },
      tickets.slice(0, 1),
      ["a"],
      10,
    );
    expect(amount).toEqual({ amountMinor: 900, feesMinor: 0, keptMinor: 99 });
  });

  it("never sends back more than is left, and ignores tickets of other bookings", () => {
    const booking = { totalMinor: 5000, feesMinor: 0, refundedMinor: 4500 };
    expect(refundAmountOf(booking, tickets, ["a", "zzz"]).amountMinor).toBe(500);
    expect(refundAmountOf(booking, tickets, ["zzz"]).amountMinor).toBe(0);
  });
});
