import { randomUUID } from "node:crypto";
import { loadSettings } from "#server/config.ts";
import { hashPassword } from "#server/modules/accounts/password-hash.ts";
import { deliverNextFanoutBatch } from "#server/modules/notifications/notice-fanout.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import { createAuthService } from "#server/platform/auth/create-auth-service.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import type { FunctionContext } from "#server/platform/callable/define-function.ts";
import type { DatabaseHandle } from "#server/platform/db/database.ts";
import type { CookieJar } from "#server/platform/http/cookie-jar.ts";
import type { EmailMessage, MessageService } from "#server/platform/messages/message-service.ts";
import { createRateLimiter } from "#server/platform/rate-limit/rate-limiter.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";
import type { Services } from "#server/platform/runtime/services.ts";
import { newPhone } from "#tests/support/phones.ts";

/** What the profile's tests need: real auth and rate limits, messages kept in a list. */
export type ProfileTestKit = {
  services: Services;
  sms: { to: string; text: string }[];
  emails: EmailMessage[];
  /** What the notice worker would do now: tells every pending fan-out recipient. */
  tellNotices: () => Promise<number>;
};

export async function profileTestKit(
  database: DatabaseHandle,
  env: Record<string, string> = {},
): Promise<ProfileTestKit> {
  const settings = loadSettings({
    NODE_ENV: "test",
    PGLITE_DIR: "memory://",
    APP_SECRET: "p".repeat(32),
    PUBLIC_URL: "http://localhost:3999",
    ...env,
  });
  const log = createLogger("silent");
  const sms: ProfileTestKit["sms"] = [];
  const emails: EmailMessage[] = [];
  const messages: MessageService = {
    // Withheld messages are queued for nobody: they never reach these lists.
    async queueSms(_tx, to, text, options) {
      if (!options?.withhold) sms.push({ to, text });
      return { id: randomUUID(), duplicate: false };
    },
    async queueEmail(_tx, message, options) {
      if (!options?.withhold) emails.push(message);
      return { id: randomUUID(), duplicate: false };
    },
    async queueMany(_tx, batch) {
      for (const { channel, to, subject, text, html, fromName, template, withhold } of batch) {
        if (withhold) continue;
        if (channel === "sms") sms.push({ to, text });
        else emails.push({ to, subject: subject ?? "", text, html, fromName, template });
      }
      return batch.map(() => ({ id: randomUUID(), duplicate: false }));
    },
    addComposer: () => {},
    start: async () => {},
    stop: async () => {},
  };
  const services: Services = {
    settings,
    database,
    log,
    auth: await createAuthService({ settings, database, log }),
    messages,
    rateLimiter: createRateLimiter(database.db),
  };
  async function tellNotices() {
    let told = 0;
    for (;;) {
      const batch = await deliverNextFanoutBatch(database.db, {
        messages,
        publicUrl: settings.PUBLIC_URL,
      });
      if (batch === 0) return told;
      told += batch;
    }
  }
  return { services, sms, emails, tellNotices };
}

/** A cookie jar over a Map, so tests can read what a function set or cleared. */
export function mapCookieJar(initial: Record<string, string> = {}): CookieJar & {
  values: Map<string, string>;
} {
  const values = new Map(Object.entries(initial));
  return {
    values,
    get: (name) => values.get(name),
    set: (name, value) => void values.set(name, value),
    clear: (name) => void values.delete(name),
  };
}

export function functionContext<A extends Auth | null>(
  services: Services,
  auth: A,
  cookies: CookieJar = mapCookieJar(),
): FunctionContext & { auth: A } {
  return {
    auth,
    requestId: randomUUID(),
    log: services.log,
    db: services.database.db,
    signal: new AbortController().signal,
    acceptsStreaming: false,
    sendChunk: () => {},
    client: { ip: "203.0.113.7", userAgent: "Mozilla/5.0 (profile test)" },
    cookies,
    services,
  };
}

/** A live user with a unique phone (and a password when given), and a signed-in session. */
export async function signedInUser(
  services: Services,
  options: { password?: string; email?: string; name?: string } = {},
) {
  const phone = newPhone("+447400");
  const [user] = await services.database.db
    .insert(users)
    .values({
      name: options.name ?? "Ada Lovelace",
      phone,
      phoneVerifiedAt: new Date(),
      email: options.email ?? null,
      emailVerifiedAt: options.email ? new Date() : null,
      passwordHash: options.password ? await hashPassword(options.password) : null,
      preferences: { theme: "dark", notifyBy: { email: true, sms: false } },
    })
    .returning();
  if (!user) throw new Error("no user");
  const issued = await services.database.db.transaction((tx) =>
    services.auth.startSession(tx, user.id, { ip: "203.0.113.7", userAgent: "Test browser" }),
  );
  const auth: Auth = { userId: user.id, sessionId: issued.sessionId, roles: [] };
  return { user, issued, auth };
}
