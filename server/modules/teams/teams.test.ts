import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "#server/modules/notifications/notifications.schema.ts";
import { teamInvitations } from "#server/modules/teams/teams.schema.ts";
import { accountDeletionSteps } from "#server/steps/account-deletion.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { insertEvent } from "#tests/support/kits/business-test-kit.ts";
import { type TeamsKit, teamsTestKit, unusedPhone } from "#tests/support/kits/teams-test-kit.ts";
import { refusal, refusedPaths } from "#tests/support/refusal.ts";

type Team = {
  name: string;
  members: { userId: string; role: string; name: string | null }[];
  invitations: { id: string; destination: string; state: string; role: string }[];
  events: { id: string }[];
  eventChoices: { id: string }[];
};

/** The token in the last message's link. */
const tokenIn = (text: string) => {
  const match = /\/team_coordinator\/join\/([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no invitation link in: ${text}`);
  return match[1];
};

describe.each(testDatabases)("teams and invitations on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: TeamsKit;
  let owner: Awaited<ReturnType<TeamsKit["owner"]>>;
  let teamId: string;
  beforeAll(async () => {
    database = await open();
    kit = await teamsTestKit(database);
    owner = await kit.owner("pro");
    teamId = (await owner.call<{ teamId: string }>("teams.create", { name: "Front door" })).teamId;
  });
  afterAll(() => database?.dispose());

  it("adds a person with a verified account at once and notifies them", async () => {
    const person = await kit.user({ name: "Vera Verified", email: "vera@example.com" });
    const added = await owner.call<{ outcome: string }>("teams.addMember", {
      teamId,
      email: "VERA@example.com",
      role: "coordinator",
    });
    expect(added.outcome).toBe("added");
    const team = await owner.call<Team>("teams.get", { teamId });
    expect(team.members).toContainEqual(
      expect.objectContaining({
        userId: person.user.id,
        role: "coordinator",
        name: "Vera Verified",
      }),
    );
    const [notice] = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, person.user.id));
    expect(notice).toMatchObject({ kind: "team-joined", link: "/team_coordinator/team_list" });
    expect(kit.emails.at(-1)).toMatchObject({ to: "vera@example.com" });
    const again = await refusal(
      owner.call("teams.addMember", { teamId, email: "vera@example.com", role: "staff" }),
    );
    expect(refusedPaths(again)).toEqual(["email"]);
  });

  it("invites a phone with no account by SMS; whoever registers with it joins by the link", async () => {
    const phone = unusedPhone();
    const invited = await owner.call<{ outcome: string }>("teams.addMember", {
      teamId,
      phone,
      role: "staff",
    });
    expect(invited.outcome).toBe("invited");
    const sms = kit.sms.at(-1);
    expect(sms?.to).toBe(phone);
    expect(sms?.text).toContain("Front door");
    expect(sms?.text).toContain("http://localhost:3999/team_coordinator/join/");
    const token = tokenIn(sms?.text ?? "");
    const team = await owner.call<Team>("teams.get", { teamId });
    expect(team.invitations).toContainEqual(
      expect.objectContaining({ destination: phone, state: "pending", role: "staff" }),
    );

    // Someone else signed in cannot use it; the invited phone can.
    const stranger = await kit.user();
    const wrong = await refusal(stranger.call("teams.acceptInvitation", { token }));
    expect(wrong.details).toEqual({ reason: "other-identity" });
    expect(wrong.message).toContain(phone.slice(-4));
    const invitee = await kit.user({ name: "Ivy Invited" });
    await database.db.execute(
      // As if Ivy had registered with the invited phone.
      `update users set phone = '${phone}' where id = '${invitee.user.id}'`,
    );
    const joined = await invitee.call("teams.acceptInvitation", { token });
    expect(joined).toMatchObject({ teamId, teamName: "Front door", role: "staff" });
    // Opening the link again is harmless.
    expect(await invitee.call("teams.acceptInvitation", { token })).toEqual(joined);
    const mine = await invitee.call<{ teams: { id: string }[] }>("teams.mine");
    expect(mine.teams.map((t) => t.id)).toEqual([teamId]);
    const used = await refusal(stranger.call("teams.acceptInvitation", { token }));
    expect(used.details).toEqual({ reason: "used" });
  });

  it("invites an email; a revoked or expired link no longer works", async () => {
    const email = `new-${Date.now()}@example.com`;
    const first = await owner.call<{ invitationId: string }>("teams.addMember", {
      teamId,
      email,
      role: "coordinator",
    });
    const revokedToken = tokenIn(kit.emails.at(-1)?.text ?? "");
    await owner.call("teams.revokeInvitation", { teamId, invitationId: first.invitationId });
    const invitee = await kit.user({ email });
    const revoked = await refusal(invitee.call("teams.acceptInvitation", { token: revokedToken }));
    expect(revoked.details).toEqual({ reason: "revoked" });

    const second = await owner.call<{ invitationId: string }>("teams.addMember", {
      teamId,
      email: `later-${email}`,
      role: "coordinator",
    });
    const expiredToken = tokenIn(kit.emails.at(-1)?.text ?? "");
    await database.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.id, second.invitationId));
    const later = await kit.user({ email: `later-${email}` });
    const expired = await refusal(later.call("teams.acceptInvitation", { token: expiredToken }));
    expect(expired.details).toEqual({ reason: "expired" });
    const team = await owner.call<Team>("teams.get", { teamId });
    expect(team.invitations.find((i) => i.id === second.invitationId)?.state).toBe("expired");
  });

  it("sets the invitation to expire 7 days after it is sent", async () => {
    const { invitationId } = await owner.call<{ invitationId: string }>("teams.addMember", {
      teamId,
      phone: unusedPhone(),
      role: "staff",
    });
    const [row] = await database.db
      .select()
      .from(teamInvitations)
      .where(eq(teamInvitations.id, invitationId));
    const days = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
  });

  it("renames, changes roles, removes members and assigns the business's events", async () => {
    await owner.call("teams.update", { teamId, name: "Main entrance" });
    const member = await kit.user();
    await owner.call("teams.addMember", { teamId, phone: member.user.phone, role: "staff" });
    await owner.call("teams.setRole", { teamId, userId: member.user.id, role: "coordinator" });
    let team = await owner.call<Team>("teams.get", { teamId });
    expect(team.name).toBe("Main entrance");
    expect(team.members.find((m) => m.userId === member.user.id)?.role).toBe("coordinator");
    expect(team.eventChoices.map((e) => e.id)).toContain(owner.event.id);
    await owner.call("teams.assignEvents", { teamId, eventIds: [owner.event.id] });
    const listed = await owner.call<{
      teams: { id: string; memberCount: number; eventCount: number }[];
    }>("teams.list");
    const counts = listed.teams.find((t) => t.id === teamId);
    expect(counts).toMatchObject({ memberCount: 3, eventCount: 1 });
    await owner.call("teams.removeMember", { teamId, userId: member.user.id });
    team = await owner.call<Team>("teams.get", { teamId });
    expect(team.events.map((e) => e.id)).toEqual([owner.event.id]);
    expect(team.members.map((m) => m.userId)).not.toContain(member.user.id);
    expect(await member.call("teams.mine")).toEqual({ teams: [] });
  });

  it("refuses to delete a team assigned to an event that has not ended, saying why", async () => {
    const { teamId: busy } = await owner.call<{ teamId: string }>("teams.create", { name: "Busy" });
    await owner.call("teams.assignEvents", { teamId: busy, eventIds: [owner.event.id] });
    const error = await refusal(owner.call("teams.delete", { teamId: busy }));
    expect(error.status).toBe("FAILED_PRECONDITION");
    expect(error.details).toEqual({ reason: "assigned-to-upcoming-event" });
    expect(error.message).toContain(owner.event.title);
    // A past event does not hold the team back.
    const past = await insertEvent(database.db, owner.business.id, "published", { ended: true });
    await database.db.execute(
      `insert into team_events (team_id, event_id) values ('${busy}', '${past.id}')`,
    );
    await owner.call("teams.assignEvents", { teamId: busy, eventIds: [] });
    expect(await owner.call("teams.delete", { teamId: busy })).toEqual({ deleted: true });
  });

  it("takes a deleted account out of every team (the account deletion step)", async () => {
    const member = await kit.user();
    await owner.call("teams.addMember", { teamId, phone: member.user.phone, role: "staff" });
    expect((await member.call<{ member: boolean }>("teams.isMember")).member).toBe(true);
    await database.db.transaction(async (tx) => {
      for (const step of accountDeletionSteps) await step(tx, member.user.id);
    });
    const team = await owner.call<Team>("teams.get", { teamId });
    expect(team.members.map((m) => m.userId)).not.toContain(member.user.id);
  });

  it("refuses bad input at its field", async () => {
    const other = await kit.owner("pro");
    const cases: [unknown, string, string][] = [
      [{ teamId, phone: "12345", region: "GB", role: "staff" }, "teams.addMember", "phone"],
      [{ teamId, phone: "+447400000001x", role: "staff" }, "teams.addMember", "phone"],
      [{ teamId, email: "not-an-email", role: "staff" }, "teams.addMember", "email"],
      [{ teamId, role: "staff" }, "teams.addMember", "phone"],
      [{ teamId, phone: unusedPhone(), role: "bouncer" }, "teams.addMember", "role"],
      [{ teamId, userId: owner.user.id, role: "admin" }, "teams.setRole", "role"],
      [{ teamId, eventIds: [other.event.id] }, "teams.assignEvents", "eventIds"],
      [{ teamId, eventIds: ["not-an-id"] }, "teams.assignEvents", "eventIds"],
      [{ name: "" }, "teams.create", "name"],
      [{ name: "   " }, "teams.create", "name"],
      [{ name: "x".repeat(200) }, "teams.create", "name"],
      [{ teamId, name: "x".repeat(200) }, "teams.update", "name"],
    ];
    for (const [input, name, field] of cases) {
      const error = await refusal(owner.call(name, input));
      expect([name, error.status, refusedPaths(error)]).toEqual([
        name,
        "INVALID_ARGUMENT",
        [field],
      ]);
    }
  });
});
