import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WaitingListOverview } from "#contract/waiting-list.ts";
import { cancelEvent } from "#server/modules/events/event-authoring.service.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { accountDeletionSteps } from "#server/steps/account-deletion.ts";
import { eventCancellationSteps } from "#server/steps/event-cancellation.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { inventoryOf, makeEvent, makeUser, nth } from "#tests/support/kits/holds-test-kit.ts";
import { type ProfileTestKit, profileTestKit } from "#tests/support/kits/profile-test-kit.ts";
import {
  entryOf,
  holdOf,
  noticesOf,
  waitingListCalls,
} from "#tests/support/kits/waiting-list-test-kit.ts";

describe.each(testDatabases)("waiting list functions on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: ProfileTestKit;
  let wl: ReturnType<typeof waitingListCalls>;
  beforeAll(async () => {
    database = await open();
    kit = await profileTestKit(database);
    wl = waitingListCalls(database, kit);
  }, 120_000);
  afterAll(() => database?.dispose());

  /** A type of `capacity` sold out by holds of other people (their holds, to free later). */
  async function soldOut(capacity: number, options: Parameters<typeof makeEvent>[1] = {}) {
    const made = await makeEvent(database.db, {
      types: [
        { capacity, name: "Stalls", perOrderLimit: 4 },
        { capacity: 10, name: "Balcony" },
      ],
      ...options,
    });
    const type = nth(made.types, 0);
    const holds: { userId: string; holdId: string }[] = [];
    for (let i = 0; i < capacity; i++) {
      const holder = await makeUser(database.db);
      const hold = await wl.hold(holder.id, made.event.id, type.id);
      holds.push({ userId: holder.id, holdId: hold.id });
    }
    return { ...made, type, other: nth(made.types, 1), holds };
  }
  const release = (hold: { userId: string; holdId: string }) =>
    wl.call(hold.userId, "holds.release", { holdId: hold.holdId });

  it("refuses to join when tickets are on sale, the list is closed, or more are asked than one may book", async () => {
    const { type, other, owner, event, holds } = await soldOut(1);
    const person = await makeUser(database.db);
    expect(
      await wl.fail(person.id, "waitingList.join", { ticketTypeId: other.id, quantity: 1 }),
    ).toMatchObject({
      status: "FAILED_PRECONDITION",
      message: "Tickets are on sale: book them instead.",
      details: { reason: "on-sale" },
    });
    expect(
      await wl.fail(person.id, "waitingList.join", { ticketTypeId: type.id, quantity: 5 }),
    ).toMatchObject({
      status: "INVALID_ARGUMENT",
      details: [{ path: "quantity", message: "At most 4 per person." }],
    });
    expect(
      await wl.fail(person.id, "waitingList.join", {
        ticketTypeId: "00000000-0000-4000-8000-000000000000",
        quantity: 1,
      }),
    ).toMatchObject({ status: "NOT_FOUND" });
    await wl.call(owner.id, "waitingList.configure", {
      eventId: event.id,
      offerHours: 12,
      closedTicketTypeIds: [type.id],
    });
    expect(
      await wl.fail(person.id, "waitingList.join", { ticketTypeId: type.id, quantity: 1 }),
    ).toMatchObject({ status: "FAILED_PRECONDITION", details: { reason: "list-closed" } });
    // Reopened: they may join.
    await wl.call(owner.id, "waitingList.configure", {
      eventId: event.id,
      offerHours: 12,
      closedTicketTypeIds: [],
    });
    await expect(wl.join(person.id, type.id, 1)).resolves.toMatchObject({ status: "waiting" });
    // A ticket comes back while someone waits: it is the list's, so joining is allowed.
    await release(nth(holds, 0));
    const second = await makeUser(database.db);
    await expect(wl.join(second.id, type.id, 1)).resolves.toMatchObject({ ahead: 1 });
    // A draft's type is not found.
    const { type: draftType } = await soldOut(1);
    await database.db.execute(
      sql`update events set status = 'draft' where id = (select event_id from ticket_types where id = ${draftType.id})`,
    );
    expect(
      await wl.fail(person.id, "waitingList.join", { ticketTypeId: draftType.id, quantity: 1 }),
    ).toMatchObject({ status: "NOT_FOUND" });
  });

  it("refuses to join a hidden type's list as an unknown type, and lets them join once it is public", async () => {
    const made = await makeEvent(database.db, { types: [{ capacity: 2, name: "Press" }] });
    const press = nth(made.types, 0);
    // Sold out and hidden: sold only with its code (decision 036), never through a list.
    await database.db.execute(
      sql`update ticket_types set hidden = true, taken = capacity where id = ${press.id}`,
    );
    const person = await makeUser(database.db);
    const join = { ticketTypeId: press.id, quantity: 1 };
    expect(await wl.fail(person.id, "waitingList.join", join)).toMatchObject({
      status: "NOT_FOUND",
      message: "Ticket type not found.",
    });
    await database.db.execute(sql`update ticket_types set hidden = false where id = ${press.id}`);
    await expect(wl.call(person.id, "waitingList.join", join)).resolves.toMatchObject({
      status: "waiting",
    });
  });

  it("lets a person leave: a waiting entry ends, an offer's hold is let go and passes to the next at the next tick", async () => {
    const { type, holds } = await soldOut(1);
    const a = await makeUser(database.db);
    const b = await makeUser(database.db);
    const c = await makeUser(database.db);
    const aEntry = await wl.join(a.id, type.id, 1);
    const bEntry = await wl.join(b.id, type.id, 1);
    const cEntry = await wl.join(c.id, type.id, 1);
    // Someone else's entry, or an unknown one: not found.
    expect(await wl.fail(b.id, "waitingList.leave", { entryId: aEntry.id })).toMatchObject({
      status: "NOT_FOUND",
    });
    await expect(wl.call(b.id, "waitingList.leave", { entryId: bEntry.id })).resolves.toEqual({
      status: "left",
    });
    expect(await wl.fail(b.id, "waitingList.leave", { entryId: bEntry.id })).toMatchObject({
      status: "NOT_FOUND",
    });
    await release(nth(holds, 0));
    await wl.tick();
    const offered = await entryOf(database.db, aEntry.id);
    expect(offered.status).toBe("offered");
    await expect(wl.call(a.id, "waitingList.leave", { entryId: aEntry.id })).resolves.toEqual({
      status: "left",
    });
    expect((await holdOf(database.db, offered.hold_id as string)).status).toBe("released");
    expect(await inventoryOf(database.db, type.id)).toMatchObject({ taken: 0, held: 0 });
    // The next tick: C (B left) is offered; A, who let it go, is not told it ran out.
    expect(await wl.tick()).toMatchObject({ offered: 1 });
    expect((await entryOf(database.db, aEntry.id)).status).toBe("left");
    expect((await entryOf(database.db, cEntry.id)).status).toBe("offered");
    expect(await noticesOf(database.db, a.id, "waiting-list-lapsed")).toEqual([]);
  });

  it("shows the organiser the line in order, lets them offer by hand out of order, and only them", async () => {
    const { type, other, holds, owner, event } = await soldOut(2);
    const people = await Promise.all(
      ["Ann", "Ben", "Cat"].map((name) => makeUser(database.db, { name })),
    );
    const entries: { id: string }[] = [];
    for (const person of people) entries.push(await wl.join(person.id, type.id, 1));
    const stranger = await makeEvent(database.db);
    for (const [name, data] of [
      ["waitingList.forEvent", { eventId: event.id }],
      ["waitingList.offer", { entryId: nth(entries, 0).id }],
      ["waitingList.configure", { eventId: event.id, offerHours: 5, closedTicketTypeIds: [] }],
    ] as const) {
      expect(await wl.fail(stranger.owner.id, name, data)).toMatchObject({ status: "NOT_FOUND" });
    }
    // Someone in the line, with no business at all: the entry is unknown to them too.
    expect(
      await wl.fail(nth(people, 1).id, "waitingList.offer", { entryId: nth(entries, 0).id }),
    ).toMatchObject({ status: "NOT_FOUND" });
    const overview: WaitingListOverview = await wl.call(owner.id, "waitingList.forEvent", {
      eventId: event.id,
    });
    expect(overview).toMatchObject({ eventId: event.id, offerHours: 12 });
    expect(overview.types.map((t) => [t.name, t.enabled, t.free, t.waiting])).toEqual([
      ["Stalls", true, 0, 3],
      ["Balcony", true, 10, 0],
    ]);
    expect(nth(overview.types, 0).entries.map((e) => [e.name, e.position, e.status])).toEqual([
      ["Ann", 1, "waiting"],
      ["Ben", 2, "waiting"],
      ["Cat", 3, "waiting"],
    ]);
    const cat = nth(entries, 2).id;
    expect(await wl.fail(owner.id, "waitingList.offer", { entryId: cat })).toMatchObject({
      status: "FAILED_PRECONDITION",
      message: "No tickets of Stalls are free to offer. Raise its capacity first.",
      details: { reason: "no-free-tickets" },
    });
    await release(nth(holds, 0));
    // Cat holds balcony tickets now: not offered.
    const catHold = await wl.hold(nth(people, 2).id, event.id, other.id);
    expect(await wl.fail(owner.id, "waitingList.offer", { entryId: cat })).toMatchObject({
      details: { reason: "holds-tickets" },
    });
    await wl.call(nth(people, 2).id, "holds.release", { holdId: catHold.id });
    const byHand = await wl.call(owner.id, "waitingList.offer", { entryId: cat });
    expect(byHand).toMatchObject({
      id: cat,
      name: "Cat",
      position: null,
      status: "offered",
      offer: { quantity: 1, byHand: true },
    });
    expect(await noticesOf(database.db, nth(people, 2).id, "waiting-list-offer")).toHaveLength(1);
    expect(await wl.fail(owner.id, "waitingList.offer", { entryId: cat })).toMatchObject({
      details: { reason: "not-waiting" },
    });
    // The ticket went by hand: the tick has none left for Ann.
    expect(await wl.tick()).toMatchObject({ offered: 0 });
    const after: WaitingListOverview = await wl.call(owner.id, "waitingList.forEvent", {
      eventId: event.id,
    });
    expect(nth(after.types, 0)).toMatchObject({ free: 0, waiting: 2, offered: 1 });
    expect(nth(after.types, 0).entries.map((e) => [e.name, e.position, e.status])).toEqual([
      ["Ann", 1, "waiting"],
      ["Ben", 2, "waiting"],
      ["Cat", null, "offered"],
    ]);
  });

  it("closing a list ends its waiting entries and tells them; open offers stay; types of other events are refused", async () => {
    const { type, holds, owner, event } = await soldOut(1);
    const a = await makeUser(database.db);
    const b = await makeUser(database.db);
    const aEntry = await wl.join(a.id, type.id, 1);
    const bEntry = await wl.join(b.id, type.id, 1);
    await release(nth(holds, 0));
    await wl.tick();
    expect((await entryOf(database.db, aEntry.id)).status).toBe("offered");
    const elsewhere = await makeEvent(database.db);
    expect(
      await wl.fail(owner.id, "waitingList.configure", {
        eventId: event.id,
        offerHours: 6,
        closedTicketTypeIds: [nth(elsewhere.types, 0).id],
      }),
    ).toMatchObject({ status: "INVALID_ARGUMENT", details: [{ path: "closedTicketTypeIds" }] });
    expect(
      await wl.fail(owner.id, "waitingList.configure", {
        eventId: event.id,
        offerHours: 0,
        closedTicketTypeIds: [],
      }),
    ).toMatchObject({ status: "INVALID_ARGUMENT" });
    await expect(
      wl.call(owner.id, "waitingList.configure", {
        eventId: event.id,
        offerHours: 6,
        closedTicketTypeIds: [type.id],
      }),
    ).resolves.toEqual({ offerHours: 6, closedTicketTypeIds: [type.id] });
    expect((await entryOf(database.db, aEntry.id)).status).toBe("offered");
    expect((await entryOf(database.db, bEntry.id)).status).toBe("closed");
    // The offered may still ask: their offer stands, the closed list notwithstanding.
    expect(await wl.join(a.id, type.id, 1)).toMatchObject({ id: aEntry.id, status: "offered" });
    const [told] = await noticesOf(database.db, b.id, "waiting-list-closed");
    expect(told?.body).toBe(
      "The organiser closed the waiting list for Stalls. You are no longer in line.",
    );
    const overview: WaitingListOverview = await wl.call(owner.id, "waitingList.forEvent", {
      eventId: event.id,
    });
    expect(overview.offerHours).toBe(6);
    expect(overview.types.map((t) => t.enabled)).toEqual([false, true]);
    expect(nth(overview.types, 0).entries.map((e) => e.status)).toEqual(["offered", "closed"]);
  });

  it("removes a deleted account's entries, its offer's tickets passing to the next", async () => {
    const { type, holds } = await soldOut(1);
    const a = await makeUser(database.db);
    const b = await makeUser(database.db);
    await wl.join(a.id, type.id, 1);
    const bEntry = await wl.join(b.id, type.id, 1);
    await release(nth(holds, 0));
    await wl.tick();
    await database.db.transaction(async (tx) => {
      for (const step of accountDeletionSteps) await step(tx, a.id);
    });
    const left = await rowsOf<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from waiting_list_entries where user_id = ${a.id}`,
    );
    expect(Number(nth(left, 0).n)).toBe(0);
    expect(await inventoryOf(database.db, type.id)).toMatchObject({ taken: 0 });
    await wl.tick();
    expect((await entryOf(database.db, bEntry.id)).status).toBe("offered");
  });

  it("closes a cancelled event's lists, offers included, and tells those in line", async () => {
    const { type, holds, owner, event } = await soldOut(1);
    const a = await makeUser(database.db);
    const b = await makeUser(database.db);
    const aEntry = await wl.join(a.id, type.id, 1);
    const bEntry = await wl.join(b.id, type.id, 1);
    await release(nth(holds, 0));
    await wl.tick();
    const offered = await entryOf(database.db, aEntry.id);
    await cancelEvent(
      database.db,
      owner.id,
      { eventId: event.id },
      {
        ...wl.deps,
        steps: eventCancellationSteps,
      },
    );
    expect((await entryOf(database.db, aEntry.id)).status).toBe("closed");
    expect((await entryOf(database.db, bEntry.id)).status).toBe("closed");
    expect((await holdOf(database.db, offered.hold_id as string)).status).toBe("released");
    for (const person of [a, b]) {
      expect(await noticesOf(database.db, person.id, "waiting-list-closed")).toMatchObject([
        { title: "Cancelled: Concert of Tests" },
      ]);
    }
    expect(await wl.tick()).toEqual({ settled: 0, offered: 0, closed: 0 });
    expect(
      await wl.fail(a.id, "waitingList.join", { ticketTypeId: type.id, quantity: 1 }),
    ).toMatchObject({ details: { reason: "event-cancelled" } });
  });
});
