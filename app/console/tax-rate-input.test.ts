import { describe, expect, it } from "vitest";
import { readTaxRate, taxRateText } from "./tax-rate-input.ts";

describe("the tax rate as typed", () => {
  it.each([
    ["20", 2000],
    ["7.5", 750],
    ["12,34", 1234],
    ["0.07", 7],
    [" 20 % ", 2000],
    ["", 0],
    ["50", 5000],
  ])("reads %j as %d basis points", (typed, bp) => {
    expect(readTaxRate(typed)).toBe(bp);
  });

  it("keeps what the server must refuse recognisable as such", () => {
    expect(readTaxRate("twenty")).toBeNaN();
    expect(Number.isInteger(readTaxRate("12.345"))).toBe(false);
    expect(readTaxRate("-5")).toBe(-500);
    expect(readTaxRate("60")).toBe(6000);
  });

  it("writes basis points back as the percentage typed", () => {
    expect([2000, 750, 1234, 0].map(taxRateText)).toEqual(["20", "7.5", "12.34", "0"]);
  });
});
