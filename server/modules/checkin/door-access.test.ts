import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DoorRole, eventRoleOf } from "#server/modules/teams/team-access.ts";
import { teamMembers } from "#server/modules/teams/teams.schema.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { type CheckinKit, checkinKit } from "#tests/support/kits/checkin-test-kit.ts";
import { nth } from "#tests/support/kits/holds-test-kit.ts";
import { admitInOneStatement } from "./admit-in-one-statement.ts";
import { doorTopic, doorTopicSource } from "./door-topics.ts";

type Door = Awaited<ReturnType<CheckinKit["door"]>>;
type Caller =
  | "owner"
  | "coordinator"
  | "staff"
  | "unassignedTeam"
  | "otherBusinessTeam"
  | "stranger"
  | "twoTeams"
  | "otherOwner";
const callers: Caller[] = [
  "owner",
  "coordinator",
  "staff",
  "unassignedTeam",
  "otherBusinessTeam",
  "stranger",
  "twoTeams",
  "otherOwner",
];

/**
 * Who may work each door (the rule of decision 014), and with which role. Door A's business
 * has a second team at A (`twoTeams` is staff in one, coordinator in the other) and a team
 * assigned to nothing; door B is another business's, with its own team.
 */
const expectedRoles: Record<"A" | "B", Record<Caller, DoorRole | null>> = {
  A: {
    owner: "owner",
    coordinator: "coordinator",
    staff: "staff",
    unassignedTeam: null,
    otherBusinessTeam: null,
    stranger: null,
    twoTeams: "coordinator",
    otherOwner: null,
  },
  B: {
    owner: null,
    coordinator: null,
    staff: null,
    unassignedTeam: null,
    otherBusinessTeam: "staff",
    stranger: null,
    twoTeams: null,
    otherOwner: "owner",
  },
};

/**
 * The door rule is read three ways: `eventRoleOf` (every door function's access), the
 * one-statement admission (its own SQL condition) and `doorTopicSource` (who hears a door's
 * live news). Each kind of caller must get the same answer from all three, at their own
 * business's door and at another's.
 */
describe.each(testDatabases)("who may work a door, asked three ways, on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: CheckinKit;
  let doorA: Door;
  let doorB: Door;
  let ids: Record<Caller, string>;
  beforeAll(async () => {
    database = await open();
    kit = await checkinKit(database);
    // One ticket per caller at each door: an admission spends the one it admits.
    [doorA, doorB] = [
      await kit.door({ tickets: callers.length }),
      await kit.door({ tickets: callers.length }),
    ];
    const unassigned = await kit.teamFor(doorA.business.id, [], "Not tonight");
    const otherBusinessTeam = await kit.teamFor(doorB.business.id, [doorB.event.id], "Elsewhere");
    const second = await kit.teamFor(doorA.business.id, [doorA.event.id], "Second door");
    const twoTeams = await kit.user("Tess Two-Teams");
    await database.db.insert(teamMembers).values([
      { teamId: doorA.team.team.id, userId: twoTeams.user.id, role: "staff" },
      { teamId: second.team.id, userId: twoTeams.user.id, role: "coordinator" },
    ]);
    ids = {
      owner: doorA.business.ownerId,
      coordinator: doorA.coordinator.user.id,
      staff: doorA.staff.user.id,
      unassignedTeam: (await unassigned.member("Una Unassigned", "coordinator")).user.id,
      otherBusinessTeam: (await otherBusinessTeam.member("Olga Other", "staff")).user.id,
      stranger: (await kit.user("Sam Stranger")).user.id,
      twoTeams: twoTeams.user.id,
      otherOwner: doorB.business.ownerId,
    };
  });
  afterAll(() => database?.dispose());

  /** The three answers for one caller at one door, as "may work it" (and the role). */
  async function answers(caller: Caller, door: Door) {
    const userId = ids[caller];
    const role = await eventRoleOf(database.db, userId, door.event.id);
    const ticket = nth(door.tickets, callers.indexOf(caller));
    const admitted = await admitInOneStatement(
      database.db,
      {
        eventId: door.event.id,
        staffUserId: userId,
        deviceId: "test",
        scanId: randomUUID(),
        method: "scan",
      },
      { kind: "id", ticketId: ticket.id },
    );
    const topics = await doorTopicSource(database.db)([userId]);
    const heard = topics.filter((grant) => grant.topic === doorTopic(door.event.id));
    return {
      role,
      admits: admitted?.verdict === "admitted",
      hears: heard.length > 0,
      // The owner hears everything kept; a member from when they joined the team.
      sinceKnown: heard.map((grant) => grant.since !== null),
    };
  }

  it("gives each kind of caller the same answer from the role, the admission and the topics", async () => {
    const got: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const caller of callers) {
      for (const [name, door] of [
        ["A", doorA],
        ["B", doorB],
      ] as const) {
        got[`${caller} at ${name}`] = await answers(caller, door);
        const role = expectedRoles[name][caller];
        const may = role !== null;
        expected[`${caller} at ${name}`] = {
          role,
          admits: may,
          hears: may,
          // One grant per way in: the owner's (all kept), or one per team (since joining).
          sinceKnown: !may
            ? []
            : role === "owner"
              ? [false]
              : caller === "twoTeams"
                ? [true, true]
                : [true],
        };
      }
    }
    expect(got).toEqual(expected);
  });

  it("gives no role at a door that is not an event's, and admits nobody there", async () => {
    const unknownEvent = randomUUID();
    for (const caller of callers) {
      expect(await eventRoleOf(database.db, ids[caller], "not-a-uuid")).toBeNull();
      expect(await eventRoleOf(database.db, ids[caller], unknownEvent)).toBeNull();
      // A ticket still valid (the stranger's was never admitted).
      const ticket = nth(doorA.tickets, callers.indexOf("stranger"));
      const admitted = await admitInOneStatement(
        database.db,
        {
          eventId: unknownEvent,
          staffUserId: ids[caller],
          deviceId: "test",
          scanId: randomUUID(),
          method: "scan",
        },
        { kind: "id", ticketId: ticket.id },
      );
      expect(admitted).toBeNull();
    }
  });
});
