import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { type TeamsKit, teamsTestKit, unusedPhone } from "#tests/support/kits/teams-test-kit.ts";
import { eventRoleOf, teamRoleOf } from "./team-access.ts";

type Actor = "visitor" | "plain" | "staff" | "otherCoordinator" | "coordinator" | "owner";
/** The owner acts last, so that what they change (delete, remove) does not hide the others' answer. */
const actors: Actor[] = ["visitor", "plain", "staff", "otherCoordinator", "coordinator", "owner"];

type Outcome = "ok" | "UNAUTHENTICATED" | "NOT_FOUND" | "FAILED_PRECONDITION";
type Fixture = Awaited<ReturnType<typeof setUp>>;

const onlyOwner: Record<Actor, Outcome> = {
  visitor: "UNAUTHENTICATED",
  plain: "NOT_FOUND",
  staff: "NOT_FOUND",
  otherCoordinator: "NOT_FOUND",
  coordinator: "NOT_FOUND",
  owner: "ok",
};
const anyoneSignedIn: Record<Actor, Outcome> = {
  visitor: "UNAUTHENTICATED",
  plain: "ok",
  staff: "ok",
  otherCoordinator: "ok",
  coordinator: "ok",
  owner: "ok",
};
const ownersOnly: Record<Actor, Outcome> = {
  ...onlyOwner,
  plain: "FAILED_PRECONDITION",
  staff: "FAILED_PRECONDITION",
  otherCoordinator: "FAILED_PRECONDITION",
  coordinator: "FAILED_PRECONDITION",
};

/**
 * Every team function × every kind of caller (decision 014): the rows below are the rule.
 * `ownersOnly`: someone with no business is sent to the business form
 * (FAILED_PRECONDITION no-business); `onlyOwner`: everyone but the owner of the team's
 * business gets NOT_FOUND, as if the team did not exist.
 */
const matrix: {
  name: string;
  input: (f: Fixture) => unknown;
  expected: Record<Actor, Outcome>;
}[] = [
  { name: "teams.create", input: () => ({ name: "Late shift" }), expected: ownersOnly },
  { name: "teams.list", input: () => null, expected: ownersOnly },
  { name: "teams.get", input: (f) => ({ teamId: f.teamA }), expected: onlyOwner },
  {
    name: "teams.update",
    input: (f) => ({ teamId: f.teamA, name: "Front door" }),
    expected: onlyOwner,
  },
  { name: "teams.delete", input: (f) => ({ teamId: f.spareTeam }), expected: onlyOwner },
  {
    name: "teams.addMember",
    input: (f) => ({ teamId: f.teamA, phone: unusedPhone(), role: "staff" }),
    expected: onlyOwner,
  },
  {
    name: "teams.removeMember",
    input: (f) => ({ teamId: f.teamA, userId: f.extra }),
    expected: onlyOwner,
  },
  {
    name: "teams.setRole",
    input: (f) => ({ teamId: f.teamA, userId: f.staff.user.id, role: "staff" }),
    expected: onlyOwner,
  },
  {
    name: "teams.revokeInvitation",
    input: (f) => ({ teamId: f.teamA, invitationId: f.invitationId }),
    expected: onlyOwner,
  },
  {
    name: "teams.assignEvents",
    input: (f) => ({ teamId: f.teamA, eventIds: [f.owner.event.id] }),
    expected: onlyOwner,
  },
  {
    name: "teams.acceptInvitation",
    input: () => ({ token: "not-a-real-invitation" }),
    expected: {
      ...anyoneSignedIn,
      plain: "NOT_FOUND",
      staff: "NOT_FOUND",
      otherCoordinator: "NOT_FOUND",
      coordinator: "NOT_FOUND",
      owner: "NOT_FOUND",
    },
  },
  { name: "teams.mine", input: () => null, expected: anyoneSignedIn },
  { name: "teams.isMember", input: () => null, expected: anyoneSignedIn },
  {
    name: "teams.business",
    input: (f) => ({ businessId: f.owner.business.id }),
    expected: { ...onlyOwner, coordinator: "ok", otherCoordinator: "ok" },
  },
];

async function setUp(kit: TeamsKit) {
  const owner = await kit.owner("pro");
  const [coordinator, otherCoordinator, staff, plain, extraUser] = await Promise.all([
    kit.user({ name: "Cora Coordinator" }),
    kit.user({ name: "Otto Other" }),
    kit.user({ name: "Stan Staff" }),
    kit.user({ name: "Pia Plain" }),
    kit.user({ name: "Ed Extra" }),
  ]);
  const teamA = (await owner.call<{ teamId: string }>("teams.create", { name: "Door A" })).teamId;
  const teamB = (await owner.call<{ teamId: string }>("teams.create", { name: "Door B" })).teamId;
  const spareTeam = (await owner.call<{ teamId: string }>("teams.create", { name: "Spare" }))
    .teamId;
  const add = (teamId: string, phone: string, role: string) =>
    owner.call("teams.addMember", { teamId, phone, role });
  await add(teamA, coordinator.user.phone as string, "coordinator");
  await add(teamA, staff.user.phone as string, "staff");
  await add(teamA, extraUser.user.phone as string, "staff");
  await add(teamB, otherCoordinator.user.phone as string, "coordinator");
  await owner.call("teams.assignEvents", { teamId: teamA, eventIds: [owner.event.id] });
  const invited = await owner.call<{ invitationId: string }>("teams.addMember", {
    teamId: teamA,
    email: "someone-new@example.com",
    role: "staff",
  });
  return {
    owner,
    teamA,
    teamB,
    spareTeam,
    staff,
    extra: extraUser.user.id,
    invitationId: invited.invitationId,
    callers: {
      visitor: kit.visitor,
      plain: plain.call,
      staff: staff.call,
      otherCoordinator: otherCoordinator.call,
      coordinator: coordinator.call,
      owner: owner.call,
    } satisfies Record<Actor, unknown>,
    ids: {
      plain: plain.user.id,
      staff: staff.user.id,
      otherCoordinator: otherCoordinator.user.id,
      coordinator: coordinator.user.id,
      owner: owner.user.id,
    },
  };
}

describe.each(testDatabases)("who may do what with teams on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: TeamsKit;
  let f: Fixture;
  const answers = new Map<string, unknown>();
  beforeAll(async () => {
    database = await open();
    kit = await teamsTestKit(database);
    f = await setUp(kit);
  });
  afterAll(() => database?.dispose());

  for (const row of matrix) {
    it(`${row.name}: ${actors.map((a) => `${a} ${row.expected[a]}`).join(", ")}`, async () => {
      const got: Record<string, Outcome> = {};
      for (const actor of actors) {
        const call = f.callers[actor] as (name: string, data: unknown) => Promise<unknown>;
        got[actor] = await call(row.name, row.input(f)).then(
          (answer) => {
            answers.set(`${row.name}:${actor}`, answer);
            return "ok" as const;
          },
          (error: { status: Outcome }) => error.status,
        );
      }
      expect(got).toEqual(row.expected);
    });
  }

  it("lists each member's own teams only, and tells members from others", () => {
    const mine = (actor: Actor) =>
      (answers.get(`teams.mine:${actor}`) as { teams: { id: string; role: string }[] }).teams.map(
        (t) => [t.id, t.role],
      );
    expect(mine("coordinator")).toEqual([[f.teamA, "coordinator"]]);
    expect(mine("staff")).toEqual([[f.teamA, "staff"]]);
    expect(mine("otherCoordinator")).toEqual([[f.teamB, "coordinator"]]);
    expect(mine("plain")).toEqual([]);
    expect(mine("owner")).toEqual([]);
    const member = (actor: Actor) =>
      (answers.get(`teams.isMember:${actor}`) as { member: boolean }).member;
    expect(
      ["coordinator", "staff", "otherCoordinator", "plain", "owner"].map((a) => member(a as Actor)),
    ).toEqual([true, true, true, false, false]);
  });

  it("shows a coordinator only their teams of the business, and its owner all of them", () => {
    const teamsSeen = (actor: Actor) =>
      (answers.get(`teams.business:${actor}`) as { teams: { id: string }[] }).teams
        .map((t) => t.id)
        .sort();
    expect(teamsSeen("coordinator")).toEqual([f.teamA]);
    expect(teamsSeen("otherCoordinator")).toEqual([f.teamB]);
    // Every team of the business: the two, and the one the owner created in the table
    // (the spare one was deleted there).
    const all = teamsSeen("owner");
    expect(all).toHaveLength(3);
    expect(all).toEqual(expect.arrayContaining([f.teamA, f.teamB]));
    expect(all).not.toContain(f.spareTeam);
  });

  it("answers the door question per team and per event: owner, the team's role, or nobody", async () => {
    const db = database.db;
    const event = f.owner.event.id;
    const roles = async (userId: string) => [
      await teamRoleOf(db, userId, f.teamA),
      await eventRoleOf(db, userId, event),
    ];
    expect(await roles(f.ids.owner)).toEqual(["owner", "owner"]);
    expect(await roles(f.ids.coordinator)).toEqual(["coordinator", "coordinator"]);
    expect(await roles(f.ids.staff)).toEqual(["staff", "staff"]);
    expect(await roles(f.ids.otherCoordinator)).toEqual([null, null]);
    expect(await roles(f.ids.plain)).toEqual([null, null]);
    expect(await teamRoleOf(db, f.ids.coordinator, "not-a-uuid")).toBeNull();
  });

  it("refuses a removed member on their very next call", async () => {
    await f.owner.call("teams.removeMember", { teamId: f.teamA, userId: f.ids.coordinator });
    const error = await f.callers
      .coordinator("teams.business", { businessId: f.owner.business.id })
      .then(
        () => null,
        (e: { status: string }) => e.status,
      );
    expect(error).toBe("NOT_FOUND");
    expect(await f.callers.coordinator<{ teams: unknown[] }>("teams.mine")).toEqual({ teams: [] });
  });
});
