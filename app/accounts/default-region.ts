/**
 * The country picker's first choice: the region of the browser's preferred language
 * (`en-GB` → GB), else the United States. People whose number is elsewhere pick theirs
 * or type the number with `+` and its country code.
 */
export function defaultRegionFor(
  acceptLanguage: string | null,
  regions: readonly { code: string }[],
): string {
  const known = new Set(regions.map((region) => region.code));
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.split(";")[0]?.trim() ?? "";
    const region = /^[a-z]{2,3}(?:-[a-z]{4})?-([a-z]{2})$/i.exec(tag)?.[1]?.toUpperCase();
    if (region && known.has(region)) return region;
  }
  return "US";
}
