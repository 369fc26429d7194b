import { describe, expect, it } from "vitest";
import { priceText, readPrice, readWholeNumber } from "./price-input.ts";

describe("price input", () => {
  it("reads major units into minor units", () => {
    expect(readPrice("12.50")).toEqual({ ok: true, minor: 1250 });
    expect(readPrice(" 12 ")).toEqual({ ok: true, minor: 1200 });
    expect(readPrice("0")).toEqual({ ok: true, minor: 0 });
    expect(readPrice("7,5")).toEqual({ ok: true, minor: 750 });
    expect(readPrice("0.05")).toEqual({ ok: true, minor: 5 });
    expect(readPrice("1 000.10")).toEqual({ ok: true, minor: 100010 });
  });

  it("refuses nonsense with a message for the field", () => {
    expect(readPrice("abc")).toEqual({ ok: false, message: "Enter a price like 12.50." });
    expect(readPrice("-1")).toEqual({ ok: false, message: "The price cannot be negative." });
    expect(readPrice("12.345")).toEqual({ ok: false, message: "Use at most 2 decimal places." });
    expect(readPrice("")).toMatchObject({ ok: false });
    expect(readPrice("1e5")).toMatchObject({ ok: false });
    expect(readPrice("2000000")).toEqual({ ok: false, message: "The price is too high." });
  });

  it("writes minor units back and reads whole numbers", () => {
    expect(priceText(1250)).toBe("12.50");
    expect(priceText(0)).toBe("0.00");
    expect(readWholeNumber("12")).toBe(12);
    expect(readWholeNumber("-3")).toBe(-3);
    expect(readWholeNumber("1.5")).toBeNaN();
    expect(readWholeNumber("")).toBeNaN();
  });
});
