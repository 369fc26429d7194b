import { randomInt } from "node:crypto";
import { and, desc, eq, ne } from "drizzle-orm";
import { loadSettings } from "#server/config.ts";
import { accountFunctions } from "#server/modules/accounts/accounts.functions.ts";
import type { FunctionContext } from "#server/platform/callable/define-function.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import type { DatabaseHandle } from "#server/platform/db/database.ts";
import type { CookieJar } from "#server/platform/http/cookie-jar.ts";
import { outboundMessages } from "#server/platform/messages/messages.schema.ts";
import { createServices } from "#server/platform/runtime/create-services.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";
import type { Services } from "#server/platform/runtime/services.ts";
import { newPhone } from "#tests/support/phones.ts";

/**
 * The accounts functions on a test database with the real services (sessions, the
 * message outbox without its delivery workers, the database rate limiter), called the
 * way the HTTP router and pages call them: through the registry, input schemas and all.
 */
export async function accountsKit(database: DatabaseHandle) {
  const settings = loadSettings({
    NODE_ENV: "test",
    PGLITE_DIR: "memory://",
    APP_SECRET: "a".repeat(32),
    PUBLIC_URL: "http://localhost:3000",
  });
  const services = await createServices(settings, database, createLogger("silent"));
  const registry = createRegistry(accountFunctions);

  /** One browser: its cookies and IP persist across calls. */
  function client(ip = `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 255)}`) {
    const jar = new Map<string, string>();
    const cookies: CookieJar = {
      get: (name) => jar.get(name),
      set: (name, value) => void jar.set(name, value),
      clear: (name) => void jar.delete(name),
    };
    const ctx: FunctionContext = {
      auth: null,
      requestId: "test",
      log: services.log,
      db: database.db,
      client: { ip, userAgent: "vitest" },
      cookies,
      services: services as Services,
      signal: new AbortController().signal,
      acceptsStreaming: false,
      sendChunk: () => {},
    };
    return {
      jar,
      ip,
      // biome-ignore lint/suspicious/noExplicitAny: results are checked by each test
      call: (name: string, data: unknown): Promise<any> => registry.invoke(name, data, ctx),
      // biome-ignore lint/suspicious/noExplicitAny: the thrown FunctionError, or the result
      fail: (name: string, data: unknown): Promise<any> =>
        registry.invoke(name, data, ctx).then(
          (result) => {
            throw new Error(`expected ${name} to fail, got ${JSON.stringify(result)}`);
          },
          (error: unknown) => error,
        ),
    };
  }

  /** Messages meant for a destination: withheld ones were queued for nobody. */
  const meantFor = (destination: string) =>
    and(eq(outboundMessages.destination, destination), ne(outboundMessages.status, "withheld"));

  /** The newest message sent to a phone or email (the outbox). */
  async function lastMessage(destination: string) {
    const [row] = await database.db
      .select()
      .from(outboundMessages)
      .where(meantFor(destination))
      .orderBy(desc(outboundMessages.createdAt))
      .limit(1);
    return row;
  }

  async function messagesTo(destination: string) {
    return database.db.select().from(outboundMessages).where(meantFor(destination));
  }

  async function lastCode(destination: string): Promise<string> {
    const body = (await lastMessage(destination))?.body ?? "";
    const code = /\b(\d{6})\b/.exec(body)?.[1];
    if (!code) throw new Error(`no code in the last message to ${destination}: ${body}`);
    return code;
  }

  /** Starts a registration from a fresh browser: the account is still pending. */
  async function register(phone = newPhone(), extra: Record<string, unknown> = {}) {
    const browser = client();
    const pending = await browser.call("accounts.register", {
      name: "Ada Lovelace",
      phone,
      password: goodPassword,
      ...extra,
    });
    return { browser, pending, phone };
  }

  /** A registered account, verified with the code from the outbox. */
  async function registered(extra: Record<string, unknown> = {}) {
    const { browser, pending, phone } = await register(newPhone(), extra);
    const result = await browser.call("accounts.verifyRegistration", {
      verificationId: pending.verificationId,
      code: await lastCode(phone),
    });
    return { phone, userId: result.userId as string, browser };
  }

  return { services, settings, client, lastMessage, messagesTo, lastCode, register, registered };
}

export const goodPassword = "violet orbit lantern 42";
