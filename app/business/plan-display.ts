/** `€29` or `€29.50`: whole amounts without cents. */
export function formatPrice(priceMinor: number, currency: string): string {
  const whole = priceMinor % 100 === 0;
  return new Intl.NumberFormat("en", {
    style: "currency",
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(priceMinor / 100);
}

/** "2 of 3 published events", or "2 published events" when the plan has no limit. */
export function usageText(usage: { publishedEvents: number; limit: number | null }): string {
  const noun = (n: number) => (n === 1 ? "published event" : "published events");
  return usage.limit === null
    ? `${usage.publishedEvents} ${noun(usage.publishedEvents)} (no limit on your plan)`
    : `${usage.publishedEvents} of ${usage.limit} ${noun(usage.limit)}`;
}

/** A plan limit in words: "Up to 3 published events", "Unlimited published events". */
export function limitText(limit: number | null, one: string, many: string): string {
  if (limit === null) return `Unlimited ${many}`;
  return `Up to ${limit} ${limit === 1 ? one : many}`;
}

/** A day as the plan pages show it, "12 Jan 2027" (UTC: the processor's periods are). */
export function formatDay(iso: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(iso));
}
