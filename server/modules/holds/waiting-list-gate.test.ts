import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchEvents } from "#server/modules/events/event-discovery.service.ts";
import { getEventPage } from "#server/modules/events/event-page.service.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import {
  expireNow,
  inventoryOf,
  makeEvent,
  makeUser,
  newKey,
  nth,
} from "#tests/support/kits/holds-test-kit.ts";
import { claimLapsedHold } from "./claim-hold.ts";
import { expireHolds } from "./hold-sweep.ts";
import { holdTickets } from "./hold-tickets.ts";

/**
 * The waiting list's gate on public sales (decision 034, `listWaitingSql`): while anyone
 * waits in a type's list, its free tickets are not the public's. The entries are written
 * with SQL here, as the waiting-list module would: these tests are about the gate only.
 */
async function joinList(
  db: Executor,
  entry: { eventId: string; ticketTypeId: string; userId: string; quantity?: number },
): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`insert into waiting_list_entries (event_id, ticket_type_id, user_id, quantity)
        values (${entry.eventId}, ${entry.ticketTypeId}, ${entry.userId}, ${entry.quantity ?? 1})
        returning id`,
  );
  if (!row) throw new Error("no entry");
  return row.id;
}

/** The entry stops waiting (the worker offered it tickets): the gate opens. */
async function offered(db: Executor, entryId: string): Promise<void> {
  await db.execute(sql`update waiting_list_entries set status = 'offered' where id = ${entryId}`);
}

async function refusal(promise: Promise<unknown>): Promise<FunctionError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FunctionError) return error;
    throw error;
  }
  throw new Error("expected a FunctionError");
}

describe.each(testDatabases)("the waiting list's gate on public sales on $name", (database) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await database.open();
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  /** An event of two types (5 free each) and a person waiting in the first type's list. */
  async function listWaitingForFirstType() {
    const made = await makeEvent(db.db, { types: [{ capacity: 5 }, { capacity: 5 }] });
    const waiting = await makeUser(db.db);
    const entryId = await joinList(db.db, {
      eventId: made.event.id,
      ticketTypeId: nth(made.types, 0).id,
      userId: waiting.id,
    });
    return { ...made, gated: nth(made.types, 0), other: nth(made.types, 1), entryId };
  }

  it.each([
    { path: "the single statement", batching: false },
    { path: "the batched statement", batching: true },
  ])(
    "refuses a public hold of a type while anyone waits in its list, through $path",
    async ({ batching }) => {
      const { event, gated, other, entryId } = await listWaitingForFirstType();
      const deps = { db: db.db, holdMinutes: 10, batching };
      const hold = (userId: string, ticketTypeId: string) =>
        holdTickets(deps, userId, {
          eventRef: event.id,
          lines: [{ ticketTypeId, quantity: 1 }],
          idempotencyKey: newKey(),
        });
      const buyers = [await makeUser(db.db), await makeUser(db.db), await makeUser(db.db)];
      // Several at once, so that the batched path does batch them.
      const refused = await Promise.all(buyers.map((b) => refusal(hold(b.id, gated.id))));
      for (const error of refused) {
        expect(error.message).toBe("Sold out.");
        expect(error.details).toMatchObject({ reason: "sold-out", left: 0 });
      }
      expect(await inventoryOf(db.db, gated.id)).toMatchObject({ taken: 0, held: 0 });
      // The event's other type has nobody waiting: on sale as before.
      const elsewhere = await hold(nth(buyers, 0).id, other.id);
      expect(elsewhere).toMatchObject({ status: "active", ticketCount: 1 });
      // The entry stops waiting: what is free is the public's again.
      await offered(db.db, entryId);
      const held = await Promise.all(buyers.slice(1).map((b) => hold(b.id, gated.id)));
      expect(held.map((h) => h.status)).toEqual(["active", "active"]);
      expect(await inventoryOf(db.db, gated.id)).toMatchObject({ taken: 2, held: 2 });
    },
  );

  it("refuses with the whole request when one of several types is gated", async () => {
    const { event, gated, other } = await listWaitingForFirstType();
    const buyer = await makeUser(db.db);
    const error = await refusal(
      holdTickets({ db: db.db, holdMinutes: 10 }, buyer.id, {
        eventRef: event.id,
        lines: [
          { ticketTypeId: other.id, quantity: 1 },
          { ticketTypeId: gated.id, quantity: 1 },
        ],
        idempotencyKey: newKey(),
      }),
    );
    expect(error.message).toBe("Type 1: sold out.");
    expect(await inventoryOf(db.db, other.id)).toMatchObject({ taken: 0 });
  });

  it("shows the type sold out on the event page while anyone waits, and on sale after", async () => {
    const { event, gated, entryId } = await listWaitingForFirstType();
    const page = await getEventPage(db.db, event.shortId, null);
    expect(page.ticketTypes.map((t) => [t.id, t.remaining, t.notOnSaleReason, t.onSale])).toEqual([
      [gated.id, 0, "sold-out", false],
      [nth(page.ticketTypes, 1).id, 5, null, true],
    ]);
    expect(page.ticketTypes[0]).toMatchObject({ availability: "sold-out", waitingList: true });
    expect(page.onSale).toBe(true);
    await offered(db.db, entryId);
    const after = await getEventPage(db.db, event.shortId, null);
    expect(after.ticketTypes[0]).toMatchObject({
      remaining: 5,
      availability: "few-left",
      notOnSaleReason: null,
      onSale: true,
    });
  });

  it("shows the event sold out in discovery while anyone waits for its only type", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 50 }] });
    const waiting = await makeUser(db.db);
    const card = async () => {
      const found = await searchEvents(db.db, {}, { page: 1, pageSize: 100 });
      return found.events.find((e) => e.shortId === event.shortId);
    };
    expect((await card())?.availability).toBe("available");
    const entryId = await joinList(db.db, {
      eventId: event.id,
      ticketTypeId: nth(types, 0).id,
      userId: waiting.id,
    });
    expect((await card())?.availability).toBe("sold-out");
    await offered(db.db, entryId);
    expect((await card())?.availability).toBe("available");
  });

  it("does not take a lapsed hold's tickets again for a late payment while anyone waits", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 2 }] });
    const type = nth(types, 0);
    const [buyer, waiting] = [await makeUser(db.db), await makeUser(db.db)];
    const hold = await holdTickets({ db: db.db, holdMinutes: 10 }, buyer.id, {
      eventRef: event.id,
      lines: [{ ticketTypeId: type.id, quantity: 1 }],
      idempotencyKey: newKey(),
    });
    await expireNow(db.db, hold.id);
    await expireHolds(db.db);
    const entryId = await joinList(db.db, {
      eventId: event.id,
      ticketTypeId: type.id,
      userId: waiting.id,
    });
    const claim = () => db.db.transaction((tx) => claimLapsedHold(tx, buyer.id, hold.id));
    expect(await claim()).toBe("sold-out");
    expect(await inventoryOf(db.db, type.id)).toMatchObject({ taken: 0 });
    await offered(db.db, entryId);
    expect(await claim()).toBe("claimed");
    expect(await inventoryOf(db.db, type.id)).toMatchObject({ taken: 1 });
  });
});
