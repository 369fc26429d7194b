import { describe, expect, it } from "vitest";
import { discountText, typesText, usesText, validityText } from "./code-text.ts";

describe("how a code reads on the organiser's list", () => {
  it("says what it takes off, or that it only opens access", () => {
    expect(discountText({ kind: "percent", percent: 20 }, "EUR")).toBe("20\u00a0% off");
    expect(discountText({ kind: "fixed", amountMinor: 500 }, "EUR")).toBe("€5.00 off each ticket");
    expect(discountText({ kind: "none" }, "EUR")).toBe("Access only");
  });

  it("counts its uses against its limits", () => {
    expect(usesText({ uses: 3, maxUses: 100, maxPerPerson: null })).toBe("3 of 100 used");
    expect(usesText({ uses: 0, maxUses: null, maxPerPerson: 2 })).toBe("0 used · 2 per person");
  });

  it("gives its window in the event's zone", () => {
    const window = {
      validFrom: "2026-12-01T09:00:00.000Z",
      validUntil: "2026-12-05T17:00:00.000Z",
    };
    expect(validityText(window, "Europe/Berlin")).toBe(
      "From Tue, 1 Dec 2026, 10:00 until Sat, 5 Dec 2026, 18:00",
    );
    expect(validityText({ validFrom: null, validUntil: window.validUntil }, "UTC")).toBe(
      "Until Sat, 5 Dec 2026, 17:00",
    );
    expect(validityText({ validFrom: null, validUntil: null }, "UTC")).toBe(
      "Valid until the sale ends",
    );
  });

  it("names its types, the hidden ones marked; none named is every public type", () => {
    const types = [
      { id: "a", name: "Standard", hidden: false },
      { id: "b", name: "Press", hidden: true },
    ];
    expect(typesText(["a", "b"], types)).toBe("Standard, Press (hidden)");
    expect(typesText([], types)).toBe("Every public ticket type");
  });
});
