/**
 * Where to send someone after signing in: the `redirect` parameter (seed spec section 9),
 * but only when it is a path on this site. Anything else, such as `//evil.test`,
 * `https://evil.test`, `/\evil.test` (browsers read `\` as `/`), `javascript:…`, or
 * control characters that browsers strip, falls back, so the sign-in page cannot be used
 * to bounce people to another site (an open redirect).
 */
export function safeRedirect(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith("/") || value.startsWith("//")) return fallback;
  // Backslashes and control characters (tab, newline…) can turn `/\t/evil.test` into
  // `//evil.test` once a browser has cleaned the URL up.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  const base = "http://this.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  // Normalising dot segments can turn `/..//evil.test` into `//evil.test`: check the
  // path that comes out, not only the one that went in.
  const path = url.pathname;
  if (!path.startsWith("/") || path.startsWith("//")) return fallback;
  return `${path}${url.search}${url.hash}`;
}
