import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ViewerAnswer } from "#contract/viewer.ts";
import type { MyWaitingListEntry } from "#contract/waiting-list.ts";
import { expireHolds } from "#server/modules/holds/hold-sweep.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import {
  expireNow,
  inventoryOf,
  makeEvent,
  makeUser,
  nth,
} from "#tests/support/kits/holds-test-kit.ts";
import { type ProfileTestKit, profileTestKit } from "#tests/support/kits/profile-test-kit.ts";
import {
  entryOf,
  holdOf,
  noticesOf,
  waitingListCalls,
} from "#tests/support/kits/waiting-list-test-kit.ts";

describe.each(testDatabases)("waiting list, the line end to end on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: ProfileTestKit;
  let wl: ReturnType<typeof waitingListCalls>;
  beforeAll(async () => {
    database = await open();
    kit = await profileTestKit(database);
    wl = waitingListCalls(database, kit);
  }, 120_000);
  afterAll(() => database?.dispose());
  beforeEach(() => {
    kit.sms.length = 0;
    kit.emails.length = 0;
  });

  /** A type of `capacity` sold out by bookings of other people; their bookings' ids. */
  async function soldOutType(capacity: number) {
    const made = await makeEvent(database.db, { types: [{ capacity, name: "Stalls" }] });
    const type = nth(made.types, 0);
    const bookings: { userId: string; bookingId: string }[] = [];
    for (let i = 0; i < capacity; i++) {
      const buyer = await makeUser(database.db);
      const hold = await wl.hold(buyer.id, made.event.id, type.id);
      const booking = await wl.confirm(buyer.id, hold.id);
      bookings.push({ userId: buyer.id, bookingId: booking.id });
    }
    return { ...made, type, bookings };
  }

  const viewerEntries = async (userId: string, shortId: string) =>
    ((await wl.call(userId, "sessions.viewer", { event: shortId })) as ViewerAnswer).event
      ?.waitingList;

  it("offers a cancelled booking's ticket to the first in line, who books it; an offer that runs out passes on", async () => {
    const { event, type, bookings } = await soldOutType(2);
    const a = await makeUser(database.db, { name: "Ada", email: "ada@example.com" });
    const b = await makeUser(database.db, { name: "Bea" });
    const c = await makeUser(database.db, { name: "Cy" });

    const aJoined: MyWaitingListEntry = await wl.join(a.id, type.id, 1);
    expect(aJoined).toMatchObject({ status: "waiting", quantity: 1, ahead: 0, offer: null });
    const bJoined: MyWaitingListEntry = await wl.join(b.id, type.id, 1);
    expect(bJoined).toMatchObject({ status: "waiting", ahead: 1 });
    // Joining again (another quantity) keeps the place.
    const aAgain: MyWaitingListEntry = await wl.join(a.id, type.id, 2);
    expect(aAgain).toMatchObject({ id: aJoined.id, quantity: 2, ahead: 0 });
    await wl.join(a.id, type.id, 1);
    expect(await viewerEntries(b.id, event.shortId)).toEqual([{ ...bJoined, ahead: 1 }]);
    // Sold out, nothing back: a tick offers nothing.
    expect(await wl.tick()).toEqual({ settled: 0, offered: 0, closed: 0 });

    // A booking is cancelled: its ticket goes to A, not to the public.
    await wl.call(nth(bookings, 0).userId, "bookings.cancel", {
      bookingId: nth(bookings, 0).bookingId,
    });
    expect(await wl.tick()).toEqual({ settled: 0, offered: 1, closed: 0 });
    const aOffered = await entryOf(database.db, aJoined.id);
    expect(aOffered).toMatchObject({ status: "offered", offered_quantity: 1 });
    const aHold = await holdOf(database.db, aOffered.hold_id as string);
    expect(aHold).toMatchObject({ user_id: a.id, status: "active" });
    expect(new Date(aHold.expires_at).getTime()).toBe(
      new Date(aOffered.offer_expires_at as string).getTime(),
    );
    // The event's offer hours (12 by default) from now, give or take the test's run.
    const hoursLeft = (new Date(aHold.expires_at).getTime() - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(11.9);
    expect(hoursLeft).toBeLessThanOrEqual(12);
    expect(await inventoryOf(database.db, type.id)).toMatchObject({ taken: 2, capacity: 2 });
    const [told] = await noticesOf(database.db, a.id, "waiting-list-offer");
    expect(told).toMatchObject({
      title: "Tickets held for you: Concert of Tests",
      link: `/booking/${event.shortId}`,
    });
    expect(told?.body).toMatch(/^1 × Stalls are held for you until .+\. Book them before then/);
    // Every channel A has: the phone and the email.
    expect(kit.sms.filter((m) => m.to === a.phone)).toHaveLength(1);
    expect(kit.emails.filter((m) => m.to === "ada@example.com")).toHaveLength(1);
    // B moved up; A sees the offer.
    expect(await viewerEntries(b.id, event.shortId)).toMatchObject([{ ahead: 0 }]);
    expect(await viewerEntries(a.id, event.shortId)).toMatchObject([
      { id: aJoined.id, status: "offered", ahead: 0, offer: { quantity: 1, byHand: false } },
    ]);
    // Joining again while offered answers the offer unchanged.
    expect(await wl.join(a.id, type.id, 2)).toMatchObject({
      id: aJoined.id,
      status: "offered",
      quantity: 1,
      offer: { quantity: 1 },
    });
    // A second tick offers nothing more: one ticket, one offer.
    expect(await wl.tick()).toEqual({ settled: 0, offered: 0, closed: 0 });

    // A books it through the booking page's functions.
    const current = await wl.call(a.id, "holds.current", { eventId: event.shortId });
    expect(current).toMatchObject({ id: aOffered.hold_id, ticketCount: 1 });
    await wl.confirm(a.id, aOffered.hold_id as string);
    expect(await wl.tick()).toMatchObject({ settled: 1, offered: 0 });
    expect((await entryOf(database.db, aJoined.id)).status).toBe("claimed");
    expect(await viewerEntries(a.id, event.shortId)).toEqual([]);

    // C joins behind B; another ticket comes back: B's.
    await wl.join(c.id, type.id, 1);
    await wl.call(nth(bookings, 1).userId, "bookings.cancel", {
      bookingId: nth(bookings, 1).bookingId,
    });
    expect(await wl.tick()).toMatchObject({ offered: 1 });
    const bOffered = await entryOf(database.db, bJoined.id);
    expect(bOffered.status).toBe("offered");
    expect(await noticesOf(database.db, c.id, "waiting-list-offer")).toEqual([]);

    // B's offer runs out: the sweep frees it, the tick settles it and offers it to C.
    await expireNow(database.db, bOffered.hold_id as string);
    await expireHolds(database.db);
    expect(await wl.tick()).toEqual({ settled: 1, offered: 1, closed: 0 });
    expect((await entryOf(database.db, bJoined.id)).status).toBe("lapsed");
    const [lapsed] = await noticesOf(database.db, b.id, "waiting-list-lapsed");
    expect(lapsed?.title).toBe("Your offer for Concert of Tests ran out");
    const cEntry = nth((await viewerEntries(c.id, event.shortId)) ?? [], 0);
    expect(cEntry).toMatchObject({ status: "offered", offer: { quantity: 1 } });
    expect(await noticesOf(database.db, c.id, "waiting-list-offer")).toHaveLength(1);
    expect(await inventoryOf(database.db, type.id)).toMatchObject({
      taken: 2,
      held: 1,
      ticketed: 1,
    });
  });

  it("offers what is free when fewer come back than asked, and holds the line for someone holding tickets", async () => {
    const made = await makeEvent(database.db, {
      types: [
        { capacity: 3, name: "Stalls" },
        { capacity: 5, name: "Balcony" },
      ],
    });
    const stalls = nth(made.types, 0);
    const balcony = nth(made.types, 1);
    const holders = await Promise.all([0, 1, 2].map(() => makeUser(database.db)));
    const holds: { id: string }[] = [];
    for (const holder of holders) holds.push(await wl.hold(holder.id, made.event.id, stalls.id));
    const a = await makeUser(database.db);
    const b = await makeUser(database.db);
    const aEntry = await wl.join(a.id, stalls.id, 3);
    const bEntry = await wl.join(b.id, stalls.id, 1);
    // A holds balcony tickets of the same event: A cannot be offered now (one live hold
    // per person and event), and B is not offered past A.
    const aBalcony = await wl.hold(a.id, made.event.id, balcony.id);
    await wl.call(nth(holders, 0).id, "holds.release", { holdId: nth(holds, 0).id });
    await wl.call(nth(holders, 1).id, "holds.release", { holdId: nth(holds, 1).id });
    expect(await wl.tick()).toMatchObject({ offered: 0 });
    expect((await entryOf(database.db, bEntry.id)).status).toBe("waiting");
    // A lets the balcony hold go: the next tick offers A the 2 free of the 3 asked.
    await wl.call(a.id, "holds.release", { holdId: aBalcony.id });
    expect(await wl.tick()).toMatchObject({ offered: 1 });
    expect(await entryOf(database.db, aEntry.id)).toMatchObject({
      status: "offered",
      offered_quantity: 2,
    });
    expect((await entryOf(database.db, bEntry.id)).status).toBe("waiting");
    expect(await inventoryOf(database.db, stalls.id)).toMatchObject({ taken: 3, held: 3 });
  });

  it("offers tickets the organiser adds by raising the capacity; a type whose sales ended, or an event that ended, closes its list", async () => {
    const { type } = await soldOutType(1);
    const a = await makeUser(database.db);
    const aEntry = await wl.join(a.id, type.id, 2);
    await database.db.execute(sql`update ticket_types set capacity = 3 where id = ${type.id}`);
    expect(await wl.tick()).toMatchObject({ offered: 1 });
    expect(await entryOf(database.db, aEntry.id)).toMatchObject({
      status: "offered",
      offered_quantity: 2,
    });
    const ended = await soldOutType(1);
    const b = await makeUser(database.db);
    const bEntry = await wl.join(b.id, ended.type.id, 1);
    await database.db.execute(
      sql`update ticket_types set capacity = 2, sales_end_at = now() where id = ${ended.type.id}`,
    );
    // Nothing to wait for: closed, and told why.
    expect(await wl.tick()).toMatchObject({ offered: 0, closed: 1 });
    expect((await entryOf(database.db, bEntry.id)).status).toBe("closed");
    const [closed] = await noticesOf(database.db, b.id, "waiting-list-closed");
    expect(closed?.body).toBe(
      "Sales of Stalls have ended, so its waiting list closed. You are no longer in line.",
    );
    // An event that is over closes its lists without a word.
    const over = await soldOutType(1);
    const c = await makeUser(database.db);
    const cEntry = await wl.join(c.id, over.type.id, 1);
    await database.db.execute(
      sql`update events set starts_at = now() - interval '2 hours', ends_at = now()
        where id = ${over.event.id}`,
    );
    expect(await wl.tick()).toMatchObject({ offered: 0, closed: 1 });
    expect((await entryOf(database.db, cEntry.id)).status).toBe("closed");
    expect(await noticesOf(database.db, c.id, "waiting-list-closed")).toEqual([]);
    expect(await wl.tick()).toMatchObject({ closed: 0 });
  });

  it("closes the list of a type the organiser hides, offers it nothing, and tells those in line", async () => {
    const { type } = await soldOutType(1);
    const a = await makeUser(database.db);
    const aEntry = await wl.join(a.id, type.id, 1);
    // Hidden (sold only with its code, decision 036), with a ticket back: no offer.
    await database.db.execute(
      sql`update ticket_types set hidden = true, capacity = 2 where id = ${type.id}`,
    );
    expect(await wl.tick()).toMatchObject({ offered: 0, closed: 1 });
    expect((await entryOf(database.db, aEntry.id)).status).toBe("closed");
    const [closed] = await noticesOf(database.db, a.id, "waiting-list-closed");
    expect(closed?.body).toBe(
      "The organiser closed the waiting list for Stalls. You are no longer in line.",
    );
  });
});
