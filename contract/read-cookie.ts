/**
 * The value of one cookie, from a `Cookie` header or (by default, in a browser)
 * `document.cookie`. Undefined when absent, empty, or when there is no document (server).
 */
export function readCookie(name: string, cookies: string | undefined = documentCookies()) {
  if (!cookies) return undefined;
  for (const part of cookies.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    if (!value) return undefined;
    try {
      return decodeURIComponent(value);
    } catch {
      // Not percent-encoded by us: take it as it is.
      return value;
    }
  }
  return undefined;
}

function documentCookies(): string | undefined {
  return typeof document === "undefined" ? undefined : document.cookie;
}
