import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { alertFunctions } from "#server/modules/alerts/alerts.functions.ts";
import { businessFunctions } from "#server/modules/businesses/businesses.functions.ts";
import { eventAuthoringFunctions } from "#server/modules/events/event-authoring.functions.ts";
import { ticketTypes } from "#server/modules/events/events.schema.ts";
import { holdFunctions } from "#server/modules/holds/holds.functions.ts";
import { teamMembershipResolvers } from "#server/modules/teams/team-access.ts";
import { teamFunctions } from "#server/modules/teams/teams.functions.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import type { DatabaseHandle } from "#server/platform/db/database.ts";
import { realtimeEvents } from "#server/platform/realtime/realtime.schema.ts";
import { crossModuleSteps } from "#server/steps/cross-module-steps.ts";
import { businessOwner, insertEvent } from "./business-test-kit.ts";
import { functionContext, profileTestKit, signedInUser } from "./profile-test-kit.ts";

/**
 * Alerts with the functions that raise them (teams, events, holds), through the registry
 * as pages call them. `owner()` makes a business with a team and a published event the
 * team works at; `member()` adds a verified user to a team.
 */
export async function alertsTestKit(database: DatabaseHandle) {
  const { services } = await profileTestKit(database);
  const registry = createRegistry(
    [
      ...teamFunctions,
      ...businessFunctions(crossModuleSteps),
      ...eventAuthoringFunctions(crossModuleSteps),
      ...holdFunctions,
      ...alertFunctions,
    ],
    { membership: teamMembershipResolvers },
  );
  const callAs =
    (auth: Auth | null) =>
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever a function answers
    <T = any>(name: string, data: unknown = null) =>
      registry.invoke(name, data, functionContext(services, auth)) as Promise<T>;

  async function user(options: { email?: string; name?: string } = {}) {
    const { user, auth } = await signedInUser(services, options);
    return { user, auth, call: callAs(auth) };
  }

  async function owner() {
    const { user, auth, business } = await businessOwner(services, "pro");
    const call = callAs(auth);
    const event = await insertEvent(database.db, business.id, "published");
    const team = async (name: string, eventIds: string[] = []) => {
      const { teamId } = await call<{ teamId: string }>("teams.create", { name });
      if (eventIds.length) await call("teams.assignEvents", { teamId, eventIds });
      return teamId;
    };
    return { user, auth, business, event, call, team };
  }

  async function member(
    by: { call: ReturnType<typeof callAs> },
    teamId: string,
    role: "coordinator" | "staff" = "coordinator",
  ) {
    const email = `m-${randomUUID().slice(0, 8)}@example.com`;
    const person = await user({ email });
    await by.call("teams.addMember", { teamId, email, role });
    return person;
  }

  async function ticketType(eventId: string, capacity: number, taken: number) {
    const [row] = await database.db
      .insert(ticketTypes)
      .values({ eventId, name: "Standing", priceMinor: 0, currency: "GBP", capacity, taken })
      .returning();
    if (!row) throw new Error("no ticket type");
    return row;
  }

  /** What was published on a topic, oldest first. */
  async function published(topic: string) {
    return database.db
      .select()
      .from(realtimeEvents)
      .where(eq(realtimeEvents.topic, topic))
      .orderBy(realtimeEvents.id);
  }

  return { services, registry, user, owner, member, ticketType, published };
}
