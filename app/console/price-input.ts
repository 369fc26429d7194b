/**
 * A price as an organiser types it, in major units ("12.50", "12", "0"), to integer minor
 * units (1250). Every ticket currency has 2 minor digits (contract/event-options.ts).
 */
export type PriceReading = { ok: true; minor: number } | { ok: false; message: string };

const maxMajor = 1_000_000;

export function readPrice(text: string): PriceReading {
  const value = text.trim().replace(/\s/g, "");
  if (value === "") return { ok: false, message: "Enter a price (0 for free tickets)." };
  if (/^-/.test(value)) return { ok: false, message: "The price cannot be negative." };
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(value);
  if (!match) return { ok: false, message: "Enter a price like 12.50." };
  const [, whole = "", fraction = ""] = match;
  if (fraction.length > 2) return { ok: false, message: "Use at most 2 decimal places." };
  const major = Number(whole);
  if (major > maxMajor) return { ok: false, message: "The price is too high." };
  return { ok: true, minor: major * 100 + Number(fraction.padEnd(2, "0")) };
}

/** Minor units back to the form's text: 1250 → "12.50". */
export function priceText(minor: number): string {
  return (minor / 100).toFixed(2);
}

/** A whole number typed in a form, or NaN (which the function's schema refuses by field). */
export function readWholeNumber(text: string): number {
  const value = text.trim();
  return /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
}
