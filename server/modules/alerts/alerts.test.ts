import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teamTopicSource } from "#server/modules/teams/team-topics.ts";
import { topics } from "#server/platform/realtime/publish.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { alertsTestKit } from "#tests/support/kits/alerts-test-kit.ts";
import { eventFields } from "#tests/support/kits/event-test-kit.ts";
import { refusal } from "#tests/support/refusal.ts";
import { alerts } from "./alerts.schema.ts";

type Kit = Awaited<ReturnType<typeof alertsTestKit>>;

describe.each(testDatabases)("alerts on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: Kit;
  beforeAll(async () => {
    database = await open();
    kit = await alertsTestKit(database);
  }, 120_000);
  afterAll(() => database?.dispose());

  const message = {
    subject: "Doors open late",
    body: "Open at 19:30, not 19:00.",
    urgency: "urgent",
  };

  it("sends the owner's alert live to the chosen team only; another team's member gets nothing", async () => {
    const owner = await kit.owner();
    const front = await owner.team("Front door");
    const back = await owner.team("Back door");
    const coordinator = await kit.member(owner, front);
    const staff = await kit.member(owner, front, "staff");
    const outsider = await kit.member(owner, back);

    const sent = await owner.call("alerts.send", { ...message, teamIds: [front] });
    expect(sent).toMatchObject({ kind: "owner-message", urgency: "urgent", acknowledged: false });

    for (const person of [coordinator, staff]) {
      const { items } = await person.call("alerts.list", null);
      expect(items.map((a: { id: string }) => a.id)).toEqual([sent.id]);
      expect((await person.call("alerts.unreadCount", null)).count).toBe(1);
    }
    expect((await outsider.call("alerts.list", null)).items).toEqual([]);
    expect((await outsider.call("alerts.unreadCount", null)).count).toBe(0);
    expect((await refusal(outsider.call("alerts.acknowledge", { alertId: sent.id }))).status).toBe(
      "NOT_FOUND",
    );

    // Live: published on the chosen team's topic, which its members hear and others do not.
    const live = await kit.published(topics.team(front));
    expect(live.map((e) => [e.kind, (e.payload as { id: string }).id])).toEqual([
      ["alert", sent.id],
    ]);
    expect(await kit.published(topics.team(back))).toEqual([]);
    const source = async (userId: string) =>
      (await teamTopicSource(database.db)([userId])).map((grant) => grant.topic);
    expect(await source(coordinator.user.id)).toEqual([topics.team(front)]);
    expect(await source(outsider.user.id)).toEqual([topics.team(back)]);
  });

  it("refuses a team of another business, a made-up team and a visitor without a business", async () => {
    const owner = await kit.owner();
    const mine = await owner.team("Mine");
    const other = await kit.owner();
    const theirs = await other.team("Theirs");
    for (const teamIds of [[theirs], [mine, theirs], [randomUUID()], ["nope"]]) {
      expect((await refusal(owner.call("alerts.send", { ...message, teamIds }))).status).toBe(
        "NOT_FOUND",
      );
    }
    const nobody = await kit.user();
    expect(
      (await refusal(nobody.call("alerts.send", { ...message, teamIds: [mine] }))).status,
    ).toBe("FAILED_PRECONDITION");
    const empty = await refusal(
      owner.call("alerts.send", { ...message, subject: " ", teamIds: [] }),
    );
    expect(empty.status).toBe("INVALID_ARGUMENT");
    expect(
      (await database.db.select().from(alerts).where(eq(alerts.businessId, other.business.id)))
        .length,
    ).toBe(0);
  });

  it("acknowledges for this member only, once, and tells their other devices", async () => {
    const owner = await kit.owner();
    const team = await owner.team("Door");
    const me = await kit.member(owner, team);
    const colleague = await kit.member(owner, team);
    const first = await owner.call("alerts.send", { ...message, teamIds: [team] });
    const second = await owner.call("alerts.send", {
      ...message,
      subject: "Second",
      teamIds: [team],
    });

    expect(await me.call("alerts.acknowledge", { alertId: first.id })).toEqual({
      acknowledged: true,
    });
    expect(await me.call("alerts.acknowledge", { alertId: first.id })).toEqual({
      acknowledged: true,
    });
    const { items } = await me.call("alerts.list", null);
    expect(items.map((a: { id: string; acknowledged: boolean }) => [a.id, a.acknowledged])).toEqual(
      [
        [second.id, false],
        [first.id, true],
      ],
    );
    expect((await me.call("alerts.unreadCount", null)).count).toBe(1);
    expect((await colleague.call("alerts.unreadCount", null)).count).toBe(2);
    const mine = await kit.published(topics.user(me.user.id));
    expect(mine.filter((e) => e.kind === "alert-acknowledged").map((e) => e.payload)).toEqual([
      { alertId: first.id },
    ]);
  });

  it("stops showing a team's alerts to a member removed from it", async () => {
    const owner = await kit.owner();
    const team = await owner.team("Door");
    const me = await kit.member(owner, team);
    await owner.call("alerts.send", { ...message, teamIds: [team] });
    expect((await me.call("alerts.unreadCount", null)).count).toBe(1);
    await owner.call("teams.removeMember", { teamId: team, userId: me.user.id });
    expect((await me.call("alerts.list", null)).items).toEqual([]);
    expect(await teamTopicSource(database.db)([me.user.id])).toEqual([]);
  });

  it("pages newest first, each alert once", async () => {
    const owner = await kit.owner();
    const team = await owner.team("Door");
    const me = await kit.member(owner, team);
    for (let i = 0; i < 25; i++) {
      await owner.call("alerts.send", { ...message, subject: `Alert ${i}`, teamIds: [team] });
    }
    const first = await me.call("alerts.list", null);
    const second = await me.call("alerts.list", { cursor: first.nextCursor });
    const subjects = [...first.items, ...second.items].map((a: { subject: string }) => a.subject);
    expect(subjects).toEqual(Array.from({ length: 25 }, (_, i) => `Alert ${24 - i}`));
    expect(second.nextCursor).toBeNull();
    expect((await refusal(me.call("alerts.list", { cursor: "x" }))).status).toBe(
      "INVALID_ARGUMENT",
    );
  });

  it("raises 'almost sold out' once and 'sold out' once while holds race across the lines", async () => {
    const owner = await kit.owner();
    const team = await owner.team("Door", [owner.event.id]);
    const elsewhere = await owner.team("Elsewhere");
    const me = await kit.member(owner, team);
    const type = await kit.ticketType(owner.event.id, 100, 80);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => kit.user()));
    const hold = (buyer: (typeof buyers)[number]) =>
      buyer.call("holds.create", {
        eventId: owner.event.id,
        items: [{ ticketTypeId: type.id, quantity: 1 }],
        idempotencyKey: randomUUID(),
      });
    await Promise.all(buyers.slice(0, 15).map(hold));
    const kinds = async () =>
      (await me.call("alerts.list", null)).items.map((a: { kind: string }) => a.kind);
    expect(await kinds()).toEqual(["almost-sold-out"]);
    await Promise.all(buyers.slice(15).map(hold));
    expect(await kinds()).toEqual(["sold-out", "almost-sold-out"]);
    expect(await kit.published(topics.team(elsewhere))).toEqual([]);
  });

  it("tells the event's teams when it is moved or cancelled", async () => {
    const owner = await kit.owner();
    const team = await owner.team("Door", [owner.event.id]);
    const me = await kit.member(owner, team);
    await owner.call("events.update", {
      eventId: owner.event.id,
      ...eventFields({ venueName: "Town hall" }),
    });
    await owner.call("events.cancel", { eventId: owner.event.id, reason: "Storm" });
    const { items } = await me.call("alerts.list", null);
    expect(items.map((a: { kind: string; body: string }) => [a.kind, a.body])).toEqual([
      ["event-cancelled", expect.stringContaining("cancelled")],
      ["event-changed", expect.stringContaining("New venue: Town hall")],
    ]);
  });

  it("refuses a 31st alert from one owner within 10 minutes", async () => {
    const owner = await kit.owner();
    const team = await owner.team("Door");
    for (let i = 0; i < 30; i++) {
      await owner.call("alerts.send", { ...message, teamIds: [team] });
    }
    const error = await refusal(owner.call("alerts.send", { ...message, teamIds: [team] }));
    expect(error.status).toBe("RESOURCE_EXHAUSTED");
    expect((await owner.call("alerts.sent", null)).items).toHaveLength(20);
  });
});
