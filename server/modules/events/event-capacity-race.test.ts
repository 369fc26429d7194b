import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresOnly, type TestDatabase } from "#tests/support/databases.ts";
import { eventFields, eventTestKit, ticketTypeFields } from "#tests/support/kits/event-test-kit.ts";

type Created = { eventId: string; shortId: string };
type Person = Awaited<ReturnType<ReturnType<typeof eventTestKit>["person"]>>;

/**
 * Lowering a ticket type's capacity while holds take tickets from it (real parallel
 * connections, so PostgreSQL only): the cut is one conditional UPDATE, never a read
 * followed by a write that a hold could slip between.
 */
describe.each(postgresOnly)("capacity cuts racing holds on $name", ({ open }) => {
  let database: TestDatabase;
  let owner: Person;
  beforeAll(async () => {
    database = await open();
    owner = await eventTestKit(database).person({ business: true, plan: "pro" });
  });
  afterAll(() => database?.dispose());

  it("never lets taken exceed capacity, and refuses only cuts below what is taken", async () => {
    const pool = database.pool;
    if (!pool) throw new Error("PostgreSQL has a pool");
    const { eventId } = await owner.call<Created>("events.create", eventFields());
    const type = await owner.call<{ id: string }>(
      "ticketTypes.create",
      ticketTypeFields(eventId, { capacity: 60 }),
    );
    // Holds as the booking engine takes them: one conditional statement each. Each keeps
    // its row lock a few milliseconds longer (pg_sleep before COMMIT) to widen the window
    // in which a read-then-write capacity cut would overtake it.
    const hold = async () => {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const result = await client.query(
          "update ticket_types set taken = taken + 1 where id = $1 and taken + 1 <= capacity",
          [type.id],
        );
        await client.query("select pg_sleep(0.005)");
        await client.query("commit");
        return result.rowCount ?? 0;
      } finally {
        client.release();
      }
    };
    const cut = (capacity: number) =>
      owner
        .call("ticketTypes.update", {
          ticketTypeId: type.id,
          ...ticketTypeFields(eventId, { capacity }),
        })
        .then(
          () => ({ capacity, outcome: "cut" }),
          (error: { status: string; details?: { path: string }[] }) => ({
            capacity,
            outcome: `${error.status}:${error.details?.[0]?.path}`,
          }),
        );
    const holds: Promise<number>[] = [];
    const cuts: Promise<{ capacity: number; outcome: string }>[] = [];
    for (let i = 0; i < 80; i++) {
      holds.push(hold());
      if (i % 8 === 4) cuts.push(cut(15 + i / 2));
    }
    const held = (await Promise.all(holds)).reduce((a, b) => a + b, 0);
    const outcomes = await Promise.all(cuts);
    for (const { outcome } of outcomes)
      expect(["cut", "INVALID_ARGUMENT:capacity"]).toContain(outcome);
    const { rows } = await pool.query<{ taken: number; capacity: number }>(
      "select taken, capacity from ticket_types where id = $1",
      [type.id],
    );
    expect(rows[0]?.taken).toBe(held);
    expect(rows[0]?.taken).toBeLessThanOrEqual(rows[0]?.capacity ?? 0);
    const cutsDone = outcomes.filter((o) => o.outcome === "cut").map((o) => o.capacity);
    if (cutsDone.length > 0) expect(rows[0]?.capacity).toBeGreaterThanOrEqual(held);
  });
});
