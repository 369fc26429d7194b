import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { takeBatchStatement } from "#server/modules/holds/hold-batch-statements.ts";
import { groupStats } from "#server/modules/holds/hold-batching.ts";
import { holdTickets, releaseHold } from "#server/modules/holds/hold-tickets.ts";
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
        name: `Batch buyer ${i}`,
        phone: `+447922${String(base + i).padStart(6, "0")}`,
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

describe.each(postgresOnly)("batched holds (decision 015) on $name", (database) => {
  let db: TestDatabase;
  let buyers: string[];
  beforeAll(async () => {
    db = await database.open();
    buyers = await manyUsers(db, 200);
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  it("grants a batch in arrival order while the running sum fits, and never past capacity", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 5 }] });
    const type = nth(types, 0);
    const quantities = [2, 2, 2, 1, 1];
    const holds = quantities.map((quantity, i) => ({
      holdId: randomUUID(),
      userId: nth(buyers, i),
      quantity,
      idempotencyKey: newKey(),
    }));
    const [row] = await rowsOf<{ held: { holdId: string }[] | string }>(
      db.db,
      takeBatchStatement({ eventId: event.id, ticketTypeId: type.id, holdMinutes: 10, holds }),
    );
    const held = typeof row?.held === "string" ? JSON.parse(row.held) : row?.held;
    // 2 + 2 fit in 5, the third 2 does not: a prefix, never a gap filled out of order.
    expect(held.map((h: { holdId: string }) => h.holdId).sort()).toEqual(
      holds
        .slice(0, 2)
        .map((h) => h.holdId)
        .sort(),
    );
    expect(await inventoryOf(db.db, type.id)).toEqual({
      taken: 4,
      held: 4,
      ticketed: 0,
      capacity: 5,
    });
  });

  it("sells the last ticket exactly once when many holds arrive in the same batches, 20 times over", async () => {
    for (let round = 0; round < 20; round++) {
      const capacity = 1 + (round % 3);
      const { event, types } = await makeEvent(db.db, { types: [{ capacity }] });
      const type = nth(types, 0);
      const before = groupStats(db.db).largest;
      const results = await Promise.all(
        buyers.map((userId) =>
          outcome(
            holdTickets({ db: db.db, holdMinutes: 10 }, userId, {
              eventRef: event.id,
              lines: [{ ticketTypeId: type.id, quantity: 1 }],
              idempotencyKey: newKey(),
            }),
          ),
        ),
      );
      const refused = results.filter((r) => r instanceof FunctionError);
      expect(results.length - refused.length, `round ${round}`).toBe(capacity);
      expect(new Set(refused.map((r) => r.message))).toEqual(new Set(["Sold out."]));
      expect(await inventoryOf(db.db, type.id)).toEqual({
        taken: capacity,
        held: capacity,
        ticketed: 0,
        capacity,
      });
      // The holds did go in batches (else this test proves nothing about them).
      expect(Math.max(before, groupStats(db.db).largest)).toBeGreaterThan(1);
    }
  }, 300_000);

  it("keeps taken equal to the live holds while batched holds and releases race", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 30 }] });
    const type = nth(types, 0);
    await Promise.all(
      buyers.slice(0, 100).map(async (userId) => {
        for (let i = 0; i < 5; i++) {
          const held = await outcome(
            holdTickets({ db: db.db, holdMinutes: 10 }, userId, {
              eventRef: event.id,
              lines: [{ ticketTypeId: type.id, quantity: 1 + (i % 2) }],
              idempotencyKey: newKey(),
            }),
          );
          if (held instanceof FunctionError) continue;
          const released = await releaseHold(db.db, userId, held.id);
          expect(released).toEqual({ released: true, status: "released" });
        }
      }),
    );
    const counts = await inventoryOf(db.db, type.id);
    expect(counts).toEqual({ taken: 0, held: 0, ticketed: 0, capacity: 30 });
  }, 120_000);
});
