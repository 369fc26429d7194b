export type CookieOptions = {
  httpOnly: boolean;
  /** Seconds; omitted: a browser-session cookie. */
  maxAge?: number;
};

/**
 * Cookies of the response being written (a callable call's or a page's). Attributes
 * common to all our cookies (path /, SameSite=Lax, Secure outside localhost) are added
 * by the writer.
 */
export type CookieJar = {
  get(name: string): string | undefined;
  set(name: string, value: string, options: CookieOptions): void;
  clear(name: string): void;
};
