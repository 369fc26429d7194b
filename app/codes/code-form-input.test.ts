import { describe, expect, it } from "vitest";
import type { EventCodeView } from "#contract/event-codes.ts";
import { codeFieldNames, codeFormValues, readCodeForm } from "./code-form-input.ts";

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) data.append(name, one);
  }
  return data;
}

describe("the codes page's form as codes.save input", () => {
  it("reads a percentage, its limits, types and local window in the event's zone", () => {
    const read = readCodeForm(
      form({
        promoCode: "early20",
        discountKind: "percent",
        percent: "20",
        amount: "",
        maxUses: "100",
        maxPerPerson: "",
        validFromLocal: "2026-12-01T10:00",
        validUntilLocal: "",
        ticketTypeIds: ["t1", "t2"],
      }),
      "Europe/Berlin",
    );
    expect(read).toEqual({
      ok: true,
      input: {
        code: "early20",
        discount: { kind: "percent", percent: 20 },
        maxUses: 100,
        maxPerPerson: null,
        validFrom: "2026-12-01T09:00:00.000Z",
        validUntil: null,
        ticketTypeIds: ["t1", "t2"],
      },
    });
  });

  it("reads a fixed amount in minor units, an access code without any, and an edit's id", () => {
    const fixed = readCodeForm(form({ id: "c1", discountKind: "fixed", amount: "5.50" }), "UTC");
    expect(fixed.ok && fixed.input.discount).toEqual({ kind: "fixed", amountMinor: 550 });
    expect(fixed.ok && fixed.input.id).toBe("c1");
    const access = readCodeForm(form({ discountKind: "none", amount: "nonsense" }), "UTC");
    expect(access.ok && access.input.discount).toEqual({ kind: "none" });
  });

  it("refuses on its field what only the form can judge: an amount or a time that is none", () => {
    expect(readCodeForm(form({ discountKind: "fixed", amount: "" }), "UTC")).toMatchObject({
      ok: false,
      field: "amount",
    });
    expect(
      readCodeForm(form({ discountKind: "none", validUntilLocal: "tomorrow" }), "UTC"),
    ).toEqual({ ok: false, field: "validUntilLocal", message: "Enter a valid date and time." });
  });

  it("puts the function's refusals under the form's own fields", () => {
    expect(codeFieldNames(form({ discountKind: "fixed" }))).toMatchObject({
      code: "promoCode",
      discount: "amount",
      validUntil: "validUntilLocal",
    });
    expect(codeFieldNames(form({ discountKind: "percent" })).discount).toBe("percent");
  });

  it("starts an edit from the saved code, its instants as local times in the event's zone", () => {
    const saved: EventCodeView = {
      id: "c1",
      code: "PRESS",
      discount: { kind: "fixed", amountMinor: 500 },
      maxUses: null,
      maxPerPerson: 1,
      validFrom: null,
      validUntil: "2026-12-05T17:00:00.000Z",
      ticketTypeIds: ["t2"],
      uses: 0,
      link: "/gig-ABC?code=PRESS",
      createdAt: "2026-11-01T00:00:00.000Z",
    };
    expect(codeFormValues(saved, "Europe/Berlin")).toMatchObject({
      promoCode: "PRESS",
      discountKind: "fixed",
      amount: "5.00",
      maxPerPerson: "1",
      validUntilLocal: "2026-12-05T18:00",
      ticketTypeIds: ["t2"],
    });
  });
});
