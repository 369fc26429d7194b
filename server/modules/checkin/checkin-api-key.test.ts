import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { teamMembershipResolvers } from "#server/modules/teams/team-access.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import { crossModuleSteps } from "#server/steps/cross-module-steps.ts";
import { postgresOnly, type TestDatabase } from "#tests/support/databases.ts";
import { type CheckinKit, checkinKit } from "#tests/support/kits/checkin-test-kit.ts";
import { nth } from "#tests/support/kits/holds-test-kit.ts";
import { functionContext } from "#tests/support/kits/profile-test-kit.ts";
import { refusal } from "#tests/support/refusal.ts";
import { scanTicket } from "./checkin.functions.ts";

/** checkin.scan as a key calls it: exposed to the `checkin` scope, as the API lists it. */
const exposedScan = {
  ...scanTicket(crossModuleSteps),
  api: { scope: "checkin", write: true, summary: "Scans a ticket.", output: z.unknown() },
} as const;
const registry = createRegistry([exposedScan], { membership: teamMembershipResolvers });

const keyOf = (userId: string, businessId: string): Auth => ({
  userId,
  sessionId: "key-1",
  roles: [],
  apiKey: { id: "key-1", businessId, scopes: ["checkin"] },
});

describe.each(postgresOnly)("checkin.scan with an API key on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: CheckinKit;
  let door: Awaited<ReturnType<CheckinKit["door"]>>;
  beforeAll(async () => {
    database = await open();
    kit = await checkinKit(database);
    door = await kit.door({ tickets: 2 });
  });
  afterAll(() => database?.dispose());

  const scanAs = (auth: Auth, code: string) =>
    registry.invoke(
      "checkin.scan",
      kit.scanOf(door.event.id, code),
      functionContext(kit.services, auth),
    );

  it("does not admit through a team its owner is in at another business's event", async () => {
    // Stan works this door as staff, and owns a business of his own with a key.
    const [own] = await database.db
      .insert(businesses)
      .values({
        ownerId: door.staff.user.id,
        name: "Stan's Bar",
        type: "venue",
        contactPhone: "+442079460011",
        contactEmail: "stan@example.com",
        address: "2 Side Street, York",
      })
      .returning();
    if (!own) throw new Error("no business");
    const token = await kit.tokenOf(nth(door.tickets, 0).id);
    const error = await refusal(scanAs(keyOf(door.staff.user.id, own.id), token));
    expect(error).toMatchObject({ status: "NOT_FOUND" });
    // Stan in person still admits it: the ticket was left as it was.
    await expect(
      scanAs({ userId: door.staff.user.id, sessionId: "s", roles: [] }, token),
    ).resolves.toMatchObject({ verdict: "admitted" });
  });

  it("admits at its own business's event", async () => {
    const token = await kit.tokenOf(nth(door.tickets, 1).id);
    await expect(
      scanAs(keyOf(door.business.ownerId, door.business.id), token),
    ).resolves.toMatchObject({
      verdict: "admitted",
    });
  });
});
