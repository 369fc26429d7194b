import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expireHolds } from "#server/modules/holds/hold-sweep.ts";
import { holdTickets } from "#server/modules/holds/hold-tickets.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { postgresOnly, type TestDatabase } from "#tests/support/databases.ts";
import { inventoryOf, makeEvent, newKey, nth } from "#tests/support/kits/holds-test-kit.ts";

/** `count` users in one insert (distinct phones), their ids. */
async function manyUsers(db: TestDatabase, count: number): Promise<string[]> {
  const base = randomInt(0, 900_000);
  const rows = await db.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Gate buyer ${i}`,
        phone: `+447933${String(base + i).padStart(6, "0")}`,
      })),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

async function outcome<T>(promise: Promise<T>): Promise<T | FunctionError> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof FunctionError) return error;
    throw error;
  }
}

/**
 * A join of the waiting list racing the public for the last freed tickets (decision 034).
 * The race window is widened on purpose: another transaction holds the ticket type's row
 * lock (as a hold's update does) while ten holds start and wait on it, the join commits, ten more holds start, and
 * only then is the lock let go. A hold that started before the join committed may take a
 * ticket (the two were concurrent); every hold started after it must find the type sold
 * out, though tickets are still free.
 */
describe.each(postgresOnly)("the waiting list's gate racing public holds on $name", (database) => {
  let db: TestDatabase;
  let buyers: string[];
  beforeAll(async () => {
    db = await database.open();
    buyers = await manyUsers(db, 80);
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  /** Holds waiting on a lock now (the holds of the first wave, blocked on the type's row). */
  async function lockWaiters(): Promise<number> {
    const [row] = await rowsOf<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from pg_locks
          where not granted and pid <> pg_backend_pid()`,
    );
    return Number(row?.n ?? 0);
  }

  it.each([
    { path: "single", batching: false, round: 0 },
    { path: "batched", batching: true, round: 1 },
  ])(
    "sells none of the freed tickets to a hold started after the join committed ($path holds)",
    async ({ batching, round }) => {
      const people = buyers.slice(round * 40, round * 40 + 40);
      const [first, second] = [people.slice(0, 10), people.slice(10, 20)];
      const [seller, joiner] = [nth(people, 20), nth(people, 21)];
      const { event, types } = await makeEvent(db.db, {
        types: [{ capacity: 20, perOrderLimit: 20 }],
      });
      const type = nth(types, 0);
      const deps = { db: db.db, holdMinutes: 10, batching };
      const hold = (userId: string) =>
        outcome(
          holdTickets(deps, userId, {
            eventRef: event.id,
            lines: [{ ticketTypeId: type.id, quantity: 1 }],
            idempotencyKey: newKey(),
          }),
        );
      // Sold out, then every ticket comes back: the last freed tickets.
      const sold = await holdTickets(deps, seller, {
        eventRef: event.id,
        lines: [{ ticketTypeId: type.id, quantity: 20 }],
        idempotencyKey: newKey(),
      });
      await db.db.execute(
        sql`update holds set expires_at = now() - interval '1 second' where id = ${sold.id}`,
      );
      await expireHolds(db.db);
      expect(await inventoryOf(db.db, type.id)).toMatchObject({ taken: 0, capacity: 20 });

      let letGo = () => {};
      const released = new Promise<void>((resolve) => {
        letGo = resolve;
      });
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const locker = db.db.transaction(async (tx) => {
        // The lock a hold's UPDATE takes: it keeps holds out, not the join (whose foreign
        // key check takes the row FOR KEY SHARE).
        await tx.execute(sql`select 1 from ticket_types where id = ${type.id} for no key update`);
        locked();
        await released;
      });
      await isLocked;
      const before = first.map(hold);
      // Wait until a first-wave hold is blocked on the row (the window is open).
      while ((await lockWaiters()) === 0) await new Promise((r) => setTimeout(r, 10));
      await db.db.execute(
        sql`insert into waiting_list_entries (event_id, ticket_type_id, user_id, quantity)
          values (${event.id}, ${type.id}, ${joiner}, 1)`,
      );
      // The join has committed: every hold from here on must see it.
      const after = second.map(hold);
      letGo();
      await locker;
      const [early, late] = [await Promise.all(before), await Promise.all(after)];

      for (const answer of late) {
        expect(answer).toBeInstanceOf(FunctionError);
        expect((answer as FunctionError).message).toBe("Sold out.");
      }
      // The first wave: each took a ticket or was told it is sold out, nothing else.
      for (const answer of early) {
        if (answer instanceof FunctionError) expect(answer.message).toBe("Sold out.");
      }
      const granted = early.filter((answer) => !(answer instanceof FunctionError)).length;
      const inventory = await inventoryOf(db.db, type.id);
      expect(inventory).toEqual({ taken: granted, held: granted, ticketed: 0, capacity: 20 });
      // Tickets were still free when the second wave was refused: the gate refused it.
      expect(inventory.capacity - inventory.taken).toBeGreaterThanOrEqual(10);
      // Once nobody waits (the worker offered), the public may hold what is free again.
      await db.db.execute(
        sql`update waiting_list_entries set status = 'offered' where ticket_type_id = ${type.id}`,
      );
      const again = await hold(nth(second, 0));
      expect(again).not.toBeInstanceOf(FunctionError);
    },
  );
});
