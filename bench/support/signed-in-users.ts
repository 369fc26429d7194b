import { loadSettings } from "#server/config.ts";
import { createAuthService } from "#server/platform/auth/create-auth-service.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import type { DatabaseHandle } from "#server/platform/db/database.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";
import { sessionCookie } from "./session-cookie.ts";

/**
 * `count` users named `Buyer {i}`, each with a session made the way sign-in makes it: its
 * access token (for the API) and the Cookie header a signed-in browser sends (for pages).
 */
export async function signedInUsers(
  database: DatabaseHandle,
  count: number,
  appSecret: string,
  publicUrl: string,
) {
  const settings = loadSettings({
    NODE_ENV: "production",
    DATABASE_URL: "postgres://unused",
    APP_SECRET: appSecret,
    PUBLIC_URL: publicUrl,
    ALLOW_OUTBOX_IN_PRODUCTION: "true",
    // A sell-out run can take longer than the default 15 minutes to set up and run.
    ACCESS_TOKEN_TTL_SECONDS: "7200",
  });
  const auth = await createAuthService({ settings, database, log: createLogger("silent") });
  const base = Math.floor(Math.random() * 1_000_000);
  const rows = await database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Buyer ${i}`,
        phone: `+4479${String(base + i).padStart(9, "0")}`,
        phoneVerifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id, name: users.name });
  const people: { userId: string; name: string | null; token: string; cookie: string }[] = [];
  for (const row of rows) {
    const issued = await database.db.transaction((tx) =>
      auth.startSession(tx, row.id, { ip: "127.0.0.1", userAgent: "bench" }),
    );
    people.push({
      userId: row.id,
      name: row.name,
      token: issued.accessToken,
      cookie: sessionCookie(issued),
    });
  }
  return people;
}
