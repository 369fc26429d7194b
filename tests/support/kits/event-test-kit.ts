import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { loadSettings } from "#server/config.ts";
import { businessFunctions } from "#server/modules/businesses/businesses.functions.ts";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { eventAuthoringFunctions } from "#server/modules/events/event-authoring.functions.ts";
import { ticketTypes } from "#server/modules/events/events.schema.ts";
import { toLocalInput } from "#server/modules/events/zoned-time.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import type { FunctionContext } from "#server/platform/callable/define-function.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import type { DatabaseHandle } from "#server/platform/db/database.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";
import type { Services } from "#server/platform/runtime/services.ts";
import { crossModuleSteps } from "#server/steps/cross-module-steps.ts";

/**
 * The console's functions on a test database, called as pages and the API call them:
 * through the registry (input schemas, access) with a signed-in caller. Only the
 * services these functions use are real; the rest would fail loudly if touched.
 */
export function eventTestKit(database: DatabaseHandle) {
  // The business functions too: plan changes decide what may be published.
  const registry = createRegistry([
    ...eventAuthoringFunctions(crossModuleSteps),
    ...businessFunctions(crossModuleSteps),
  ]);
  const services = {
    settings: loadSettings({
      NODE_ENV: "test",
      PGLITE_DIR: "memory://",
      APP_SECRET: "e".repeat(32),
    }),
    database,
    log: createLogger("silent"),
  } as Services;

  function context(auth: Auth): FunctionContext {
    return {
      auth,
      requestId: randomUUID(),
      log: services.log,
      db: database.db,
      signal: new AbortController().signal,
      acceptsStreaming: false,
      sendChunk: () => {},
      client: { ip: "203.0.113.9", userAgent: "event test" },
      cookies: { get: () => undefined, set: () => {}, clear: () => {} },
      services,
    };
  }

  /** A signed-in person; with `business`, the owner of a new active business. */
  async function person(options: { business?: boolean; plan?: "free" | "pro" } = {}) {
    const [user] = await database.db
      .insert(users)
      .values({ name: "Owner", phone: `+4475${String(Math.random()).slice(2, 11)}` })
      .returning({ id: users.id });
    if (!user) throw new Error("no user");
    let businessId: string | null = null;
    if (options.business) {
      const [business] = await database.db
        .insert(businesses)
        .values({
          ownerId: user.id,
          name: "Blue Note Ltd",
          type: "venue",
          contactPhone: "+442071234567",
          contactEmail: "hello@example.com",
          address: "1 Jazz Street, London",
          plan: options.plan ?? "free",
        })
        .returning({ id: businesses.id });
      businessId = business?.id ?? null;
    }
    const auth: Auth = { userId: user.id, sessionId: randomUUID(), roles: [] };
    const call = <T = unknown>(name: string, data: unknown) =>
      registry.invoke(name, data, context(auth)) as Promise<T>;
    return { userId: user.id, businessId, auth, call };
  }

  return { registry, services, person };
}

/** A wall-clock input `days` from now (London), for events in the future or past. */
export function localInDays(days: number, hour = 19, timeZone = "Europe/London"): string {
  const at = new Date(Date.now() + days * 86_400_000);
  return `${toLocalInput(at, timeZone).slice(0, 10)}T${String(hour).padStart(2, "0")}:00`;
}

/** A valid `events.create` input, starting in 30 days, 19:00 to 23:00 London time. */
export function eventFields(overrides: Record<string, unknown> = {}) {
  return {
    title: "Jazz Night",
    description: "An evening of **jazz**.",
    venueName: "Blue Note",
    venueAddress: "1 Jazz Street, London",
    timeZone: "Europe/London",
    startsLocal: localInDays(30, 19),
    endsLocal: localInDays(30, 23),
    category: "music",
    ...overrides,
  };
}

/** A valid `ticketTypes.create` input for `eventId`. */
export function ticketTypeFields(eventId: string, overrides: Record<string, unknown> = {}) {
  return {
    eventId,
    name: "General admission",
    priceMinor: 1250,
    currency: "GBP",
    capacity: 100,
    perOrderLimit: 10,
    ...overrides,
  };
}

export type Person = Awaited<ReturnType<ReturnType<typeof eventTestKit>["person"]>>;
export type AuthoringFixture = ReturnType<typeof authoringFixture>;

/** The console's common moves for one owner, for tests of event authoring. */
export function authoringFixture(database: DatabaseHandle, owner: Person) {
  return {
    newEvent(who: Person = owner, overrides: Record<string, unknown> = {}) {
      return who.call<{ eventId: string; shortId: string }>(
        "events.create",
        eventFields(overrides),
      );
    },
    newTicketType(eventId: string, overrides: Record<string, unknown> = {}) {
      return owner.call<{ id: string }>("ticketTypes.create", ticketTypeFields(eventId, overrides));
    },
    /** Start and end `days` from now, for events that sort by day. */
    daysAhead(days: number) {
      return { startsLocal: localInDays(days, 19), endsLocal: localInDays(days, 22) };
    },
    async setTaken(ticketTypeId: string, taken: number) {
      await database.db.update(ticketTypes).set({ taken }).where(eq(ticketTypes.id, ticketTypeId));
    },
  };
}
