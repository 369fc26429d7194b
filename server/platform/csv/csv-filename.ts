/**
 * `{prefix}-{name as ASCII}-{YYYY-MM-DD}.csv`: safe in a Content-Disposition header
 * (letters and digits only, at most 40 of the name), `fallback` when nothing is left.
 */
export function csvFilename(prefix: string, name: string, fallback: string, now: Date): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase()
    .slice(0, 40);
  return `${prefix}-${slug || fallback}-${now.toISOString().slice(0, 10)}.csv`;
}
