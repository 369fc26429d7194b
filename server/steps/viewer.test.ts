import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingFunctions } from "#server/modules/bookings/bookings.functions.ts";
import { holdFunctions } from "#server/modules/holds/holds.functions.ts";
import { teamMembers, teams } from "#server/modules/teams/teams.schema.ts";
import { waitingListFunctions } from "#server/modules/waiting-list/waiting-list.functions.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { holdAndConfirm } from "#tests/support/kits/bookings-test-kit.ts";
import { makeEvent, makeUser, nth } from "#tests/support/kits/holds-test-kit.ts";
import {
  functionContext,
  type ProfileTestKit,
  profileTestKit,
} from "#tests/support/kits/profile-test-kit.ts";
import { getViewer } from "./viewer.ts";

describe.each(testDatabases)("sessions.viewer on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: ProfileTestKit;
  const registry = createRegistry([
    getViewer,
    ...holdFunctions,
    ...bookingFunctions,
    ...waitingListFunctions,
  ]);
  beforeAll(async () => {
    database = await open();
    kit = await profileTestKit(database);
  }, 120_000);
  afterAll(() => database?.dispose());

  const callAs = (userId: string, name: string, data: unknown) =>
    registry.invoke(
      name,
      data,
      functionContext(kit.services, { userId, sessionId: "s1", roles: [] }),
    );
  const viewerAs = (userId: string, data: unknown = null) =>
    callAs(userId, "sessions.viewer", data);

  it("names the person, their business and their team, and nobody once the account is deleted", async () => {
    const { owner, business } = await makeEvent(database.db);
    const member = await makeUser(database.db, { name: "Door Dee" });
    const team = nth(
      await database.db
        .insert(teams)
        .values({ businessId: business.id, name: "Front door" })
        .returning(),
      0,
    );
    await database.db
      .insert(teamMembers)
      .values({ teamId: team.id, userId: member.id, role: "staff" });
    expect(await viewerAs(owner.id)).toEqual({
      user: {
        id: owner.id,
        name: "Owner",
        sessionId: "s1",
        businessOwner: true,
        teamMember: false,
      },
      event: null,
    });
    expect(await viewerAs(member.id)).toMatchObject({
      user: { name: "Door Dee", businessOwner: false, teamMember: true },
    });
    await database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, member.id));
    expect(await viewerAs(member.id)).toEqual({ user: null, event: null });
  });

  it("gives the person's live hold and their tickets of the event asked for, and no one else's", async () => {
    const { event, types } = await makeEvent(database.db, { types: [{ capacity: 10 }] });
    const type = nth(types, 0);
    const buyer = await makeUser(database.db);
    const other = await makeUser(database.db);
    const part = async (userId: string) =>
      ((await viewerAs(userId, { event: event.shortId })) as { event: unknown }).event;
    expect(await part(buyer.id)).toEqual({
      shortId: event.shortId,
      eventId: event.id,
      hold: null,
      ticketCount: 0,
      waitingList: [],
    });
    const client = { call: (name: string, data: unknown) => callAs(buyer.id, name, data) };
    await holdAndConfirm(client, event.shortId, type.id, 2);
    expect(await part(buyer.id)).toMatchObject({ hold: null, ticketCount: 2 });
    const hold = (await client.call("holds.create", {
      eventId: event.shortId,
      items: [{ ticketTypeId: type.id, quantity: 3 }],
      idempotencyKey: crypto.randomUUID(),
    })) as { expiresAt: string };
    expect(await part(buyer.id)).toMatchObject({
      hold: { ticketCount: 3, expiresAt: hold.expiresAt },
      ticketCount: 2,
    });
    expect(await part(other.id)).toMatchObject({ hold: null, ticketCount: 0 });
    expect(await viewerAs(buyer.id, { event: "zzzzzzzz" })).toMatchObject({ event: null });
    await expect(viewerAs(buyer.id, { event: "Not an id!" })).rejects.toMatchObject({
      status: "INVALID_ARGUMENT",
    });
  });

  it("gives the person's waiting list entries at the event, with the people ahead, and no one else's", async () => {
    const { event, types } = await makeEvent(database.db, { types: [{ capacity: 1 }] });
    const type = nth(types, 0);
    const [holder, first, second] = await Promise.all([0, 1, 2].map(() => makeUser(database.db)));
    if (!holder || !first || !second) throw new Error("no people");
    await callAs(holder.id, "holds.create", {
      eventId: event.id,
      items: [{ ticketTypeId: type.id, quantity: 1 }],
      idempotencyKey: crypto.randomUUID(),
    });
    const joined = (await callAs(first.id, "waitingList.join", {
      ticketTypeId: type.id,
      quantity: 1,
    })) as { id: string };
    await callAs(second.id, "waitingList.join", { ticketTypeId: type.id, quantity: 1 });
    const part = async (userId: string) =>
      ((await viewerAs(userId, { event: event.shortId })) as { event: { waitingList: unknown } })
        .event.waitingList;
    expect(await part(first.id)).toEqual([
      {
        id: joined.id,
        ticketTypeId: type.id,
        quantity: 1,
        status: "waiting",
        ahead: 0,
        offer: null,
      },
    ]);
    expect(await part(second.id)).toMatchObject([{ ahead: 1 }]);
    expect(await part(holder.id)).toEqual([]);
  });
});
