import { describe, expect, it } from "vitest";
import { moneyText } from "./money-text.ts";

describe("moneyText", () => {
  it("writes exact minor units as money, negatives and zero-decimal currencies too", () => {
    expect(moneyText(123450, "EUR")).toBe("€1,234.50");
    expect(moneyText(7, "EUR")).toBe("€0.07");
    expect(moneyText(-2120, "EUR")).toBe("-€21.20");
    expect(moneyText(-5, "EUR")).toBe("-€0.05");
    expect(moneyText(0, "USD")).toBe("$0.00");
    expect(moneyText(1500, "JPY")).toBe("¥1,500");
    expect(moneyText(900719925474099, "EUR")).toBe("€9,007,199,254,740.99");
  });
});
