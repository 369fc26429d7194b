import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { postgresOnly, type TestDatabase } from "#tests/support/databases.ts";
import { inventoryOf, makeEvent, makeUser, nth } from "#tests/support/kits/holds-test-kit.ts";
import { type ProfileTestKit, profileTestKit } from "#tests/support/kits/profile-test-kit.ts";
import { waitingListCalls } from "#tests/support/kits/waiting-list-test-kit.ts";
import { offerByHand } from "./offer-by-hand.ts";
import { offerInOrder } from "./offer-tickets.ts";

describe.each(postgresOnly)("waiting list offers racing on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: ProfileTestKit;
  let wl: ReturnType<typeof waitingListCalls>;
  beforeAll(async () => {
    database = await open();
    kit = await profileTestKit(database);
    wl = waitingListCalls(database, kit);
  }, 120_000);
  afterAll(() => database?.dispose());

  /** A sold-out type with a line of `waiting` people (asking 2, 1, 2, 1, …), and its holds. */
  async function line(capacity: number, waiting: number) {
    const made = await makeEvent(database.db, { types: [{ capacity, name: "Stalls" }] });
    const type = nth(made.types, 0);
    const holds: { userId: string; hold: { id: string } }[] = [];
    for (let i = 0; i < capacity; i++) {
      const holder = await makeUser(database.db);
      holds.push({ userId: holder.id, hold: await wl.hold(holder.id, made.event.id, type.id) });
    }
    const entries: { id: string }[] = [];
    for (let i = 0; i < waiting; i++) {
      const person = await makeUser(database.db);
      entries.push(await wl.join(person.id, type.id, i % 2 === 0 ? 2 : 1));
    }
    const free = async (count: number) => {
      for (const { userId, hold } of holds.slice(0, count)) {
        await wl.call(userId, "holds.release", { holdId: hold.id });
      }
    };
    return { ...made, type, entries, free };
  }

  /** What the offers of a type gave: per entry, its holds ever made and notices. */
  async function offersOf(eventId: string, ticketTypeId: string) {
    return rowsOf<{ id: string; status: string; offered: number; holds: number; notices: number }>(
      database.db,
      sql`select w.id, w.status, coalesce(w.offered_quantity, 0)::int as offered,
          (select count(*) from holds h where h.user_id = w.user_id and h.event_id = ${eventId})::int
            as holds,
          (select count(*) from notifications n where n.user_id = w.user_id
            and n.kind = 'waiting-list-offer')::int as notices
        from waiting_list_entries w where w.ticket_type_id = ${ticketTypeId}`,
    );
  }

  it("never offers a ticket twice with many ticks and type turns at once", async () => {
    const { event, type, free } = await line(6, 12);
    await free(3);
    const deps = wl.deps;
    // Five ticks (one takes the advisory lock) and five turns of the type straight on the
    // row lock, all at once on the pool.
    await Promise.all([
      ...Array.from({ length: 5 }, () => wl.tick()),
      ...Array.from({ length: 5 }, () =>
        database.db.transaction((tx) => offerInOrder(tx, type.id, deps)),
      ),
    ]);
    const offers = await offersOf(event.id, type.id);
    const offered = offers.filter((o) => o.status === "offered");
    // 3 free: the first asks 2 (gets 2), the second asks 1 (gets 1).
    expect(offered.reduce((sum, o) => sum + o.offered, 0)).toBe(3);
    expect(offered).toHaveLength(2);
    for (const offer of offers) {
      expect(offer.holds).toBe(offer.status === "offered" ? 1 : 0);
      expect(offer.notices).toBe(offer.status === "offered" ? 1 : 0);
    }
    const inventory = await inventoryOf(database.db, type.id);
    expect(inventory.taken).toBe(inventory.capacity);
    expect(inventory.taken).toBe(inventory.held + inventory.ticketed);
  });

  it("never gives the same ticket by hand and by the tick", async () => {
    for (let round = 0; round < 5; round++) {
      const { event, type, owner, entries, free } = await line(3, 6);
      await free(1);
      const last = nth(entries, 5).id;
      const outcomes = await Promise.allSettled([
        wl.tick(),
        offerByHand(database.db, owner.id, last, wl.deps),
        database.db.transaction((tx) => offerInOrder(tx, type.id, wl.deps)),
      ]);
      const refused = outcomes.filter((o) => o.status === "rejected");
      for (const refusal of refused) {
        expect((refusal as PromiseRejectedResult).reason).toMatchObject({
          details: { reason: "no-free-tickets" },
        });
      }
      const offers = await offersOf(event.id, type.id);
      const offered = offers.filter((o) => o.status === "offered");
      expect(offered.reduce((sum, o) => sum + o.offered, 0)).toBe(1);
      expect(offers.reduce((sum, o) => sum + o.holds, 0)).toBe(1);
      const inventory = await inventoryOf(database.db, type.id);
      expect(inventory).toMatchObject({ taken: 3, capacity: 3, held: 3 });
    }
  });
});
