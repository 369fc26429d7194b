/**
 * Money as text, defined once (pages, notices, receipts and their PDFs): exact integer
 * minor units in, the currency's own number of digits out. Pure, safe to import from pages.
 */

/** The currency's minor units per major unit (EUR 2, JPY 0), as Intl knows it. */
function fractionDigits(currency: string): number {
  return (
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

/** An amount in major units, for a chart's scale only (never for a figure shown as text). */
export function majorUnits(minor: number, currency: string): number {
  return minor / 10 ** fractionDigits(currency);
}

/**
 * An exact amount in minor units as money text, `€1,234.50` or `-€21.20`: the digits are
 * placed by integer arithmetic, so no amount is rounded on the way.
 */
export function moneyText(minor: number, currency: string): string {
  const digits = fractionDigits(currency);
  const scale = 10 ** digits;
  const whole = Math.floor(Math.abs(minor) / scale);
  const part = String(Math.abs(minor) % scale).padStart(digits, "0");
  const format = new Intl.NumberFormat("en", {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  // The whole part by Intl, the exact minor digits in place of its zeros, the sign in front.
  const text = format
    .formatToParts(whole)
    .map((p) => (p.type === "fraction" ? part : p.value))
    .join("");
  return minor < 0 ? `-${text}` : text;
}
