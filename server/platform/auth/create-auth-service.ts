import type { Settings } from "../../config.ts";
import type { DatabaseHandle } from "../db.ts";
import type { Logger } from "../logger.ts";
import type { AuthService } from "./auth-service.ts";

export type AuthServiceDeps = { settings: Settings; database: DatabaseHandle; log: Logger };

// In progress (identity issue): sessions, tokens, keys. Nothing calls these yet.
export async function createAuthService(_deps: AuthServiceDeps): Promise<AuthService> {
  const pending = () => {
    throw new Error("sessions are not built yet");
  };
  return {
    startSession: pending,
    writeSessionCookies: pending,
    clearSessionCookies: pending,
    verifyAccessToken: async () => null,
    sessionForToken: async () => null,
    revokeSession: pending,
    revokeUserSessions: pending,
    listSessions: pending,
  };
}
