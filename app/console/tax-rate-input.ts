/**
 * An event's tax rate as an organiser types it, a percentage ("20", "7.5", "12,34", empty
 * for none), to basis points (2000). Exact, no floating point: "0.07" is 7, not 6.999….
 * What is not a rate comes back as NaN, and a third decimal as a fraction of a basis
 * point: the server's schema refuses both on the field with its own message.
 */
export function readTaxRate(text: string): number {
  const value = text.trim().replace(/\s|%/g, "");
  if (value === "") return 0;
  const match = /^(-?)(\d+)(?:[.,](\d*))?$/.exec(value);
  if (!match) return Number.NaN;
  const [, sign = "", whole = "", fraction = ""] = match;
  const hundredths = Number(fraction.slice(0, 2).padEnd(2, "0"));
  const rest = fraction.length > 2 ? Number(`0.${fraction.slice(2)}`) : 0;
  const bp = Number(whole) * 100 + hundredths + rest;
  return sign ? -bp : bp;
}

/** Basis points back to the form's text: 2000 → "20", 750 → "7.5", 1234 → "12.34". */
export function taxRateText(bp: number): string {
  return String(bp / 100);
}
