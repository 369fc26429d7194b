import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { makeEvent, makeUser, newKey, nth } from "#tests/support/kits/holds-test-kit.ts";
import { loadEventForSale, recentEventForSale } from "./event-for-sale.ts";
import { takeBatchStatement } from "./hold-batch-statements.ts";
import { groupStats } from "./hold-batching.ts";
import { takeTicketsStatement } from "./hold-statements.ts";
import { holdTickets } from "./hold-tickets.ts";
import { checkSaleRules, shortageError } from "./sale-rules.ts";

/** Every case asks for this many tickets of one type. */
const QUANTITY = 2;

type Made = { eventId: string; typeId: string; businessId: string };

/**
 * One sale rule on one side of its boundary: a published event on sale (a week ahead, one
 * type of capacity 100, limit 10, no sales window), then `change` puts it in the case.
 * Times sit a minute or more from now, so the TypeScript clock and the database's agree.
 */
const cases: { name: string; change: (made: Made, db: Executor) => SQL | Promise<SQL> }[] = [
  { name: "on sale", change: () => sql`select 1` },
  { name: "draft", change: (m) => sql`update events set status = 'draft' where id = ${m.eventId}` },
  {
    name: "cancelled",
    change: (m) => sql`update events set status = 'cancelled' where id = ${m.eventId}`,
  },
  {
    name: "business suspended",
    change: (m) => sql`update businesses set status = 'suspended' where id = ${m.businessId}`,
  },
  {
    name: "started, not ended",
    change: (m) => sql`update events set starts_at = now() - interval '1 hour',
      ends_at = now() + interval '1 hour' where id = ${m.eventId}`,
  },
  {
    name: "ended",
    change: (m) => sql`update events set starts_at = now() - interval '3 hours',
      ends_at = now() - interval '1 minute' where id = ${m.eventId}`,
  },
  {
    name: "before sale start",
    change: (m) =>
      sql`update ticket_types set sales_start_at = now() + interval '1 hour' where id = ${m.typeId}`,
  },
  {
    name: "just after sale start",
    change: (m) =>
      sql`update ticket_types set sales_start_at = now() - interval '1 minute' where id = ${m.typeId}`,
  },
  {
    name: "after sale end",
    change: (m) => sql`update ticket_types set sales_start_at = now() - interval '1 hour',
      sales_end_at = now() - interval '1 minute' where id = ${m.typeId}`,
  },
  {
    name: "just before sale end",
    change: (m) =>
      sql`update ticket_types set sales_end_at = now() + interval '1 hour' where id = ${m.typeId}`,
  },
  {
    name: "at the per-order limit",
    change: (m) =>
      sql`update ticket_types set per_order_limit = ${QUANTITY} where id = ${m.typeId}`,
  },
  {
    name: "over the per-order limit",
    change: (m) =>
      sql`update ticket_types set per_order_limit = ${QUANTITY - 1} where id = ${m.typeId}`,
  },
  {
    name: "the last tickets",
    change: (m) => sql`update ticket_types set capacity = ${QUANTITY} where id = ${m.typeId}`,
  },
  {
    name: "fewer left than asked",
    change: (m) =>
      sql`update ticket_types set capacity = ${QUANTITY}, taken = 1 where id = ${m.typeId}`,
  },
  {
    name: "sold out",
    change: (m) =>
      sql`update ticket_types set capacity = ${QUANTITY}, taken = ${QUANTITY} where id = ${m.typeId}`,
  },
  {
    // Decision 034: its free tickets are the list's (listWaitingSql).
    name: "someone waits in the type's waiting list",
    change: async (m, db) => {
      const waiting = await makeUser(db);
      return sql`insert into waiting_list_entries (event_id, ticket_type_id, user_id, quantity)
        values (${m.eventId}, ${m.typeId}, ${waiting.id}, 1)`;
    },
  },
  {
    name: "the type's waiting list offered to all",
    change: async (m, db) => {
      const offered = await makeUser(db);
      return sql`insert into waiting_list_entries (event_id, ticket_type_id, user_id, quantity, status)
        values (${m.eventId}, ${m.typeId}, ${offered.id}, 1, 'offered')`;
    },
  },
  {
    // Decision 036: sold only to a hold whose code names it, never by the public statements.
    name: "hidden type",
    change: (m) => sql`update ticket_types set hidden = true where id = ${m.typeId}`,
  },
  {
    name: "type of another event",
    change: async (m, db) => {
      const other = await makeEvent(db);
      return sql`update ticket_types set event_id = ${other.event.id} where id = ${m.typeId}`;
    },
  },
];

/** What each case must come to: on sale, or the refusal a person reads. */
const expected: Record<string, string> = {
  "on sale": "on sale",
  draft: "NOT_FOUND Event not found.",
  cancelled: "FAILED_PRECONDITION This event was cancelled.",
  "business suspended": "FAILED_PRECONDITION This event is not on sale.",
  "started, not ended": "on sale",
  ended: "FAILED_PRECONDITION This event has ended.",
  "before sale start": "FAILED_PRECONDITION Sales open on",
  "just after sale start": "on sale",
  "after sale end": "FAILED_PRECONDITION Sales have ended.",
  "just before sale end": "on sale",
  "at the per-order limit": "on sale",
  "over the per-order limit": "INVALID_ARGUMENT At most 1 tickets per order.",
  "the last tickets": "on sale",
  "fewer left than asked": "FAILED_PRECONDITION Only 1 ticket left.",
  "sold out": "FAILED_PRECONDITION Sold out.",
  "someone waits in the type's waiting list": "FAILED_PRECONDITION Sold out.",
  "the type's waiting list offered to all": "on sale",
  "hidden type": "NOT_FOUND This ticket type is not sold for this event.",
  "type of another event": "NOT_FOUND This ticket type is not sold for this event.",
};

async function verdict(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "on sale";
  } catch (error) {
    if (error instanceof FunctionError) return `${error.status} ${error.message}`;
    throw error;
  }
}

class Rollback extends Error {}

/** Runs `body` in a transaction that is then undone, so each statement sees the case as made. */
async function undone<T>(db: TestDatabase, body: (tx: Executor) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await db.db
    .transaction(async (tx) => {
      result = await body(tx);
      throw new Rollback();
    })
    .catch((error) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return result as T;
}

describe.each(testDatabases)("sale rules on $name", (database) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await database.open();
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  async function made(name: string): Promise<Made> {
    const { event, types, business } = await makeEvent(db.db);
    const m = { eventId: event.id, typeId: nth(types, 0).id, businessId: business.id };
    const change = cases.find((c) => c.name === name)?.change;
    if (!change) throw new Error(`no case ${name}`);
    await db.db.execute(await change(m, db.db));
    return m;
  }

  it.each(cases.map((c) => c.name))(
    "the TypeScript rule and both hold statements agree: %s",
    async (name) => {
      const m = await made(name);
      const user = await makeUser(db.db);
      const lines = [{ ticketTypeId: m.typeId, quantity: QUANTITY }];
      const rule = await verdict(
        (async () => {
          const event = await loadEventForSale(db.db, m.eventId);
          checkSaleRules(event, lines, new Date());
          const short = shortageError(event.ticketTypes, lines);
          if (short) throw short;
        })(),
      );
      const wanted = expected[name] ?? "?";
      expect(rule.slice(0, wanted.length)).toBe(wanted);
      const single = await undone(db, async (tx) => {
        const [row] = await rowsOf<{ hold_id: string | null }>(
          tx,
          takeTicketsStatement({
            holdId: randomUUID(),
            userId: user.id,
            eventId: m.eventId,
            lines,
            holdMinutes: 10,
            idempotencyKey: newKey(),
          }),
        );
        return row?.hold_id != null;
      });
      const batched = await undone(db, async (tx) => {
        const [row] = await rowsOf<{ held: unknown }>(
          tx,
          takeBatchStatement({
            eventId: m.eventId,
            ticketTypeId: m.typeId,
            holdMinutes: 10,
            holds: [
              {
                holdId: randomUUID(),
                userId: user.id,
                quantity: QUANTITY,
                idempotencyKey: newKey(),
              },
            ],
          }),
        );
        const held = typeof row?.held === "string" ? JSON.parse(row.held) : row?.held;
        return Array.isArray(held) && held.length === 1;
      });
      expect({ single, batched }).toEqual({
        single: rule === "on sale",
        batched: rule === "on sale",
      });
    },
  );

  /**
   * Three buyers' concurrent holds on a fresh event put in case `name`, with batching
   * on or off, their answers sorted. The event is read while on sale first, so the holds
   * try their statements on this (now stale) read and it is the statement, single or
   * batched, that refuses first.
   */
  async function answersOf(name: string, batching: boolean): Promise<string[]> {
    const buyers = [await makeUser(db.db), await makeUser(db.db), await makeUser(db.db)];
    const { event, types, business } = await makeEvent(db.db);
    const m = { eventId: event.id, typeId: nth(types, 0).id, businessId: business.id };
    await recentEventForSale(db.db, m.eventId);
    const change = cases.find((c) => c.name === name)?.change;
    if (!change) throw new Error(`no case ${name}`);
    await db.db.execute(await change(m, db.db));
    const deps = { db: db.db, holdMinutes: 10, batching };
    const lines = [{ ticketTypeId: m.typeId, quantity: QUANTITY }];
    const all = await Promise.all(
      buyers.map((buyer) =>
        verdict(
          holdTickets(deps, buyer.id, { eventRef: m.eventId, lines, idempotencyKey: newKey() }),
        ),
      ),
    );
    return all.sort();
  }

  it.each(cases.map((c) => c.name))(
    "the single and the batched hold paths answer alike: %s",
    async (name) => {
      const single = await answersOf(name, false);
      expect(single.some((answer) => answer.startsWith(expected[name] ?? "?"))).toBe(true);
      expect(await answersOf(name, true)).toEqual(single);
    },
  );

  it("takes the batched path when holds arrive together (the comparison above is not vacuous)", async () => {
    expect(await answersOf("on sale", true)).toEqual(["on sale", "on sale", "on sale"]);
    expect(groupStats(db.db).largest).toBeGreaterThan(1);
  });
});
