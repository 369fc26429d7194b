import { businessFunctions } from "#server/modules/businesses/businesses.functions.ts";
import { eventAuthoringFunctions } from "#server/modules/events/event-authoring.functions.ts";
import { teamMembershipResolvers } from "#server/modules/teams/team-access.ts";
import { teamFunctions } from "#server/modules/teams/teams.functions.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import type { DatabaseHandle } from "#server/platform/db/database.ts";
import { crossModuleSteps } from "#server/steps/cross-module-steps.ts";
import { newPhone } from "#tests/support/phones.ts";
import { businessOwner, insertEvent } from "./business-test-kit.ts";
import { functionContext, profileTestKit, signedInUser } from "./profile-test-kit.ts";

/**
 * The teams' functions on a test database, through the registry (input schemas, access,
 * membership scopes) as pages and the API call them, with real rate limits and messages
 * kept in lists.
 */
export async function teamsTestKit(database: DatabaseHandle) {
  const { services, sms, emails } = await profileTestKit(database);
  const registry = createRegistry(
    [
      ...teamFunctions,
      ...businessFunctions(crossModuleSteps),
      ...eventAuthoringFunctions(crossModuleSteps),
    ],
    { membership: teamMembershipResolvers },
  );
  const callAs =
    (auth: Auth | null) =>
    <T = unknown>(name: string, data: unknown = null) =>
      registry.invoke(name, data, functionContext(services, auth)) as Promise<T>;

  /** A signed-in user with a verified phone (and email when given). */
  async function user(options: { email?: string; name?: string } = {}) {
    const { user, auth } = await signedInUser(services, options);
    return { user, auth, call: callAs(auth) };
  }

  /** A signed-in business owner on `plan`, with one published event starting tomorrow. */
  async function owner(plan: "free" | "pro" = "free") {
    const { user, auth, business } = await businessOwner(services, plan);
    const event = await insertEvent(database.db, business.id, "published");
    return { user, auth, business, event, call: callAs(auth) };
  }

  return { services, registry, sms, emails, user, owner, visitor: callAs(null) };
}

export type TeamsKit = Awaited<ReturnType<typeof teamsTestKit>>;

/** A phone number no account has (a UK mobile; signed-in test users use +447400…). */
export function unusedPhone(): string {
  return newPhone("+447401");
}
