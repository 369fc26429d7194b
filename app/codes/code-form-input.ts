import { readPrice, readWholeNumber } from "#app/console/price-input.ts";
import { field } from "#app/forms/form-failure.ts";
import type { CodeDiscount, EventCodeInput, EventCodeView } from "#contract/event-codes.ts";
import { fromLocalInput, toLocalInput } from "#contract/zoned-time.ts";

/** A code's form as typed: every field text, the types' ids as checked. */
export type CodeFormValues = {
  id: string;
  /** The code's field is not named `code`: a form's `code` (a sign-in code) is never kept. */
  promoCode: string;
  discountKind: CodeDiscount["kind"];
  percent: string;
  amount: string;
  maxUses: string;
  maxPerPerson: string;
  validFromLocal: string;
  validUntilLocal: string;
  ticketTypeIds: string[];
};

export const blankCode: CodeFormValues = {
  id: "",
  promoCode: "",
  discountKind: "percent",
  percent: "",
  amount: "",
  maxUses: "",
  maxPerPerson: "",
  validFromLocal: "",
  validUntilLocal: "",
  ticketTypeIds: [],
};

/** A saved code as its edit form starts: instants as local inputs in the event's zone. */
export function codeFormValues(code: EventCodeView, timeZone: string): CodeFormValues {
  const local = (at: string | null) => (at ? toLocalInput(new Date(at), timeZone) : "");
  return {
    id: code.id,
    promoCode: code.code,
    discountKind: code.discount.kind,
    percent: code.discount.kind === "percent" ? String(code.discount.percent) : "",
    amount: code.discount.kind === "fixed" ? (code.discount.amountMinor / 100).toFixed(2) : "",
    maxUses: code.maxUses === null ? "" : String(code.maxUses),
    maxPerPerson: code.maxPerPerson === null ? "" : String(code.maxPerPerson),
    validFromLocal: local(code.validFrom),
    validUntilLocal: local(code.validUntil),
    ticketTypeIds: [...code.ticketTypeIds],
  };
}

/** What a form sent back after a refusal (the failure keeps the text fields, not the lists). */
export function typedCodeValues(
  values: Record<string, string>,
  start: CodeFormValues,
): CodeFormValues {
  const text = (name: keyof CodeFormValues & keyof typeof blankCode) =>
    values[name] ?? (start[name] as string);
  const kind = values.discountKind ?? start.discountKind;
  return {
    id: start.id,
    promoCode: text("promoCode"),
    discountKind: kind === "fixed" || kind === "none" ? kind : "percent",
    percent: text("percent"),
    amount: text("amount"),
    maxUses: text("maxUses"),
    maxPerPerson: text("maxPerPerson"),
    validFromLocal: text("validFromLocal"),
    validUntilLocal: text("validUntilLocal"),
    ticketTypeIds: start.ticketTypeIds,
  };
}

export type CodeFormReading =
  | { ok: true; input: EventCodeInput & { id?: string } }
  | { ok: false; field: string; message: string };

/** A limit: empty is none; anything else a whole number the function checks (≥ 1). */
function limit(text: string): number | null {
  return text.trim() === "" ? null : readWholeNumber(text);
}

function discountOf(form: FormData): CodeDiscount | { field: string; message: string } {
  const kind = field(form, "discountKind");
  if (kind === "none") return { kind: "none" };
  if (kind === "fixed") {
    const amount = readPrice(field(form, "amount"));
    return amount.ok
      ? { kind: "fixed", amountMinor: amount.minor }
      : {
          field: "amount",
          message:
            field(form, "amount").trim() === ""
              ? "Enter the amount taken off each ticket, like 5.00."
              : amount.message,
        };
  }
  return { kind: "percent", percent: readWholeNumber(field(form, "percent")) };
}

/**
 * The codes page's form as `codes.save` input: the discount by its kind, limits, the
 * window's local times (in the event's zone, as the console's other times) as instants.
 * What only the form can refuse (a time that is no time, an amount that is no amount) is
 * refused here on its field; the rest is the function's to judge.
 */
export function readCodeForm(form: FormData, timeZone: string): CodeFormReading {
  const discount = discountOf(form);
  if ("field" in discount) return { ok: false, ...discount };
  const window: Record<"validFrom" | "validUntil", string | null> = {
    validFrom: null,
    validUntil: null,
  };
  for (const name of ["validFrom", "validUntil"] as const) {
    const text = field(form, `${name}Local`).trim();
    if (text === "") continue;
    const at = fromLocalInput(text, timeZone);
    if (!at) return { ok: false, field: `${name}Local`, message: "Enter a valid date and time." };
    window[name] = at.toISOString();
  }
  const id = field(form, "id");
  return {
    ok: true,
    input: {
      ...(id ? { id } : {}),
      code: field(form, "promoCode"),
      discount,
      maxUses: limit(field(form, "maxUses")),
      maxPerPerson: limit(field(form, "maxPerPerson")),
      ...window,
      ticketTypeIds: form.getAll("ticketTypeIds").map(String),
    },
  };
}

/** The function's field paths under the form's own names (the discount's under its kind's value). */
export function codeFieldNames(form: FormData): Record<string, string> {
  const kind = field(form, "discountKind");
  return {
    code: "promoCode",
    discount: kind === "fixed" ? "amount" : kind === "none" ? "discountKind" : "percent",
    validFrom: "validFromLocal",
    validUntil: "validUntilLocal",
  };
}
