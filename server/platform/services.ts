import type { Settings } from "#server/config.ts";
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
