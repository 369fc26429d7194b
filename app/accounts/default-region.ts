/**
 * The country picker's first choice: the region of the browser's first preferred
 * language that names one (`en-GB` → GB), else `fallback`, the deployment's
 * DEFAULT_COUNTRY. People whose number is elsewhere pick theirs or type the number with
 * `+` and its country code.
 */
export function defaultRegionFor(
  acceptLanguage: string | null,
  regions: readonly { code: string }[],
  fallback: string,
): string {
  const known = new Set(regions.map((region) => region.code));
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.split(";")[0]?.trim() ?? "";
    const region = /^[a-z]{2,3}(?:-[a-z]{4})?-([a-z]{2})$/i.exec(tag)?.[1]?.toUpperCase();
    if (region && known.has(region)) return region;
  }
  return fallback;
}
