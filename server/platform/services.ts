import type { Settings } from "../config.ts";
import type { AuthService } from "./auth/auth-service.ts";
import type { DatabaseHandle } from "./db.ts";
import type { Logger } from "./logger.ts";
import type { MessageService } from "./messages/message-service.ts";
import type { RateLimiter } from "./rate-limit/rate-limiter.ts";

/**
 * The platform's capabilities, built once at start and handed to every function through
 * its context (`ctx.services`), so handlers import no singletons and tests can build
 * their own.
 */
export type Services = {
  settings: Settings;
  database: DatabaseHandle;
  log: Logger;
  auth: AuthService;
  messages: MessageService;
  rateLimiter: RateLimiter;
};

/** The caller's network identity, for sessions' device lists and per-IP rate limits. */
export type ClientInfo = { ip: string; userAgent: string | null };

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
