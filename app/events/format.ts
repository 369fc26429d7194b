/**
 * How money reads on every screen (the server stores minor units). Event times are in
 * contract/event-time.ts, shared with the emails and PDFs the server writes.
 */

/**
 * Intl formatters are costly to build and cheap to reuse: a list page formats dozens of
 * prices per render, so each one is made once.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();

function currencyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "currency", currency });
    numberFormats.set(key, format);
  }
  return format;
}

/** `1250, "EUR"` → "€12.50"; 0 → "Free". */
export function formatPrice(minor: number, currency: string, locale = "en-GB"): string {
  if (minor === 0) return "Free";
  return currencyFormat(locale, currency).format(minor / 100);
}
