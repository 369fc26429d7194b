import type { Settings } from "#server/config.ts";
import {
  createAuthService,
  type SessionAuthority,
} from "#server/platform/auth/create-auth-service.ts";
import type { DatabaseHandle } from "#server/platform/db/database.ts";
import { createMessageService } from "#server/platform/messages/create-message-service.ts";
import { createRateLimiter } from "#server/platform/rate-limit/rate-limiter.ts";
import type { Logger } from "./logger.ts";
import type { Services } from "./services.ts";

/** Builds the platform's capabilities once, after the database is open and migrated. */
export async function createServices(
  settings: Settings,
  database: DatabaseHandle,
  log: Logger,
): Promise<Services & { auth: SessionAuthority }> {
  return {
    settings,
    database,
    log,
    auth: await createAuthService({ settings, database, log }),
    messages: await createMessageService({ settings, database, log }),
    rateLimiter: createRateLimiter(database.db),
  };
}
