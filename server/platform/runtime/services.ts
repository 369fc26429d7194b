import type { Settings } from "#server/config.ts";
import type { AuthService } from "#server/platform/auth/auth-service.ts";
import type { DatabaseHandle } from "#server/platform/db/database.ts";
import type { MessageService } from "#server/platform/messages/message-service.ts";
import type { RateLimiter } from "#server/platform/rate-limit/rate-limiter.ts";
import type { Logger } from "./logger.ts";

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
