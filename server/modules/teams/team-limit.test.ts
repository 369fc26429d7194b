import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teams } from "#server/modules/teams/teams.schema.ts";
import { postgresOnly, type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { type TeamsKit, teamsTestKit } from "#tests/support/kits/teams-test-kit.ts";
import { refusal } from "#tests/support/refusal.ts";

describe.each(testDatabases)("the plan's team limit on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: TeamsKit;
  beforeAll(async () => {
    database = await open();
    kit = await teamsTestKit(database);
  });
  afterAll(() => database?.dispose());

  it("refuses a 2nd team on free with its message, and allows it after upgrading", async () => {
    const owner = await kit.owner("free");
    await owner.call("teams.create", { name: "Front door" });
    const error = await refusal(owner.call("teams.create", { name: "Back door" }));
    expect(error.status).toBe("FAILED_PRECONDITION");
    expect(error.message).toBe("Your free plan allows 1 team. Upgrade to Pro to form more.");
    expect(error.details).toEqual({ reason: "plan-limit", limit: 1 });
    const listed = await owner.call<{ usage: { teams: number; limit: number | null } }>(
      "teams.list",
    );
    expect(listed.usage).toEqual({ teams: 1, limit: 1 });

    await owner.call("businesses.changePlan", { plan: "pro" });
    await owner.call("teams.create", { name: "Back door" });
    const after = await owner.call<{ teams: { name: string }[]; usage: unknown }>("teams.list");
    expect(after.teams.map((t) => t.name).sort()).toEqual(["Back door", "Front door"]);
    expect(after.usage).toEqual({ teams: 2, limit: 20 });
  });

  it("frees the slot when a team is deleted", async () => {
    const owner = await kit.owner("free");
    const { teamId } = await owner.call<{ teamId: string }>("teams.create", { name: "One" });
    await owner.call("teams.delete", { teamId });
    await owner.call("teams.create", { name: "Two" });
  });
});

/**
 * Two creates racing for the last free slot, on real parallel connections: the business
 * row lock makes the second wait and count the first one's team, so exactly one wins.
 */
describe.each(postgresOnly)("teams racing for the last slot on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: TeamsKit;
  beforeAll(async () => {
    database = await open();
    kit = await teamsTestKit(database);
  });
  afterAll(() => database?.dispose());

  it("lets exactly one of two simultaneous creates through, every time", async () => {
    for (let round = 0; round < 10; round++) {
      const owner = await kit.owner("free");
      const outcomes = await Promise.all(
        ["Left", "Right"].map((name) =>
          owner.call("teams.create", { name }).then(
            () => "created",
            (error: { status: string; details?: { reason?: string } }) =>
              `${error.status}:${error.details?.reason}`,
          ),
        ),
      );
      expect(outcomes.sort()).toEqual(["FAILED_PRECONDITION:plan-limit", "created"]);
      const rows = await database.db
        .select()
        .from(teams)
        .where(eq(teams.businessId, owner.business.id));
      expect(rows).toHaveLength(1);
    }
  });
});
