import { randomInt } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "#server/modules/bookings/bookings.schema.ts";
import { confirmHold } from "#server/modules/bookings/confirm-booking.ts";
import { cancelEvent } from "#server/modules/events/event-authoring.service.ts";
import { expireHolds } from "#server/modules/holds/hold-sweep.ts";
import { holdTickets } from "#server/modules/holds/hold-tickets.ts";
import { holds } from "#server/modules/holds/holds.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { MessageService } from "#server/platform/messages/message-service.ts";
import { eventCancellationSteps } from "#server/steps/event-cancellation.ts";
import { postgresOnly, type TestDatabase } from "#tests/support/databases.ts";
import { inventoryOf, makeEvent, newKey, nth } from "#tests/support/kits/holds-test-kit.ts";

/** Emails are not what these tests are about: accepted and dropped. */
const messages: MessageService = {
  queueSms: async () => ({ id: "sms", duplicate: false }),
  queueEmail: async () => ({ id: "email", duplicate: false }),
  queueMany: async (_tx, batch) => batch.map(() => ({ id: "many", duplicate: false })),
  addComposer: () => {},
  start: async () => {},
  stop: async () => {},
};
const settings = {
  PUBLIC_URL: "http://localhost:3000",
  NODE_ENV: "test" as const,
  TEST_CONFIRM_PAUSE_MS: 0,
  APP_SECRET: "c".repeat(32),
};

/** `count` users in one insert (distinct phones), their ids. */
async function manyUsers(db: TestDatabase, count: number): Promise<string[]> {
  const base = randomInt(0, 900_000);
  const rows = await db.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Buyer ${i}`,
        phone: `+447911${String(base + i).padStart(6, "0")}`,
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

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(postgresOnly)("holds under concurrency on $name", (database) => {
  let db: TestDatabase;
  let buyers: string[];
  beforeAll(async () => {
    db = await database.open();
    buyers = await manyUsers(db, 500);
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });
  const deps = () => ({ db: db.db, holdMinutes: 10 });

  it("sells exactly 100 of 100 to 500 buyers at once, 20 times over", async () => {
    for (let round = 0; round < 20; round++) {
      const { event, types } = await makeEvent(db.db, { types: [{ capacity: 100 }] });
      const type = nth(types, 0);
      const results = await Promise.all(
        buyers.map((userId) =>
          outcome(
            holdTickets(deps(), userId, {
              eventRef: event.id,
              lines: [{ ticketTypeId: type.id, quantity: 1 }],
              idempotencyKey: newKey(),
            }),
          ),
        ),
      );
      const refused = results.filter((r) => r instanceof FunctionError);
      expect(results.length - refused.length, `round ${round}`).toBe(100);
      expect(new Set(refused.map((r) => r.message))).toEqual(new Set(["Sold out."]));
      const counts = await inventoryOf(db.db, type.id);
      expect(counts, `round ${round}`).toEqual({
        taken: 100,
        held: 100,
        ticketed: 0,
        capacity: 100,
      });
    }
  }, 300_000);

  it("lets new buyers take the tickets of expired holds at once, without waiting for the sweep", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 50 }] });
    const type = nth(types, 0);
    const line = [{ ticketTypeId: type.id, quantity: 1 }];
    const first = buyers.slice(0, 50);
    for (const userId of first) {
      await holdTickets(deps(), userId, {
        eventRef: event.id,
        lines: line,
        idempotencyKey: newKey(),
      });
    }
    await db.db.execute(
      sql`update holds set expires_at = now() - interval '1 second' where event_id = ${event.id}`,
    );
    const second = buyers.slice(50, 100);
    const results = await Promise.all(
      second.map((userId) =>
        outcome(
          holdTickets(deps(), userId, {
            eventRef: event.id,
            lines: line,
            idempotencyKey: newKey(),
          }),
        ),
      ),
    );
    expect(results.filter((r) => r instanceof FunctionError)).toEqual([]);
    expect(await inventoryOf(db.db, type.id)).toMatchObject({ taken: 50, held: 50 });
    const expired = await db.db.select().from(holds).where(inArray(holds.userId, first));
    expect(expired.filter((h) => h.eventId === event.id).every((h) => h.status === "expired")).toBe(
      true,
    );
  }, 60_000);

  it("never books freed tickets when a confirm races the hold's expiry", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 1000 }] });
    const type = nth(types, 0);
    let booked = 0;
    let expired = 0;
    for (let i = 0; i < 150; i++) {
      const userId = nth(buyers, i);
      const hold = await holdTickets(deps(), userId, {
        eventRef: event.id,
        lines: [{ ticketTypeId: type.id, quantity: 1 }],
        idempotencyKey: newKey(),
      });
      // Widen the race on purpose: the hold runs out within a few milliseconds, while the
      // confirm and the sweep start at slightly different moments.
      await db.db.execute(
        sql`update holds set expires_at = now() + make_interval(secs => ${randomInt(0, 8) / 1000}) where id = ${hold.id}`,
      );
      const [confirmed] = await Promise.all([
        (async () => {
          await pause(randomInt(0, 6));
          return outcome(
            confirmHold({ db: db.db, messages, settings }, userId, {
              holdId: hold.id,
              attendees: [{ name: "Racer" }],
              idempotencyKey: newKey(),
            }),
          );
        })(),
        (async () => {
          await pause(randomInt(0, 6));
          await expireHolds(db.db);
        })(),
      ]);
      await expireHolds(db.db);
      const [row] = await db.db.select().from(holds).where(eq(holds.id, hold.id));
      const made = await db.db.select().from(bookings).where(eq(bookings.holdId, hold.id));
      if (confirmed instanceof FunctionError) {
        expect(confirmed.details).toMatchObject({ reason: "hold-expired" });
        expect(made).toHaveLength(0);
        expect(row?.status).toBe("expired");
        expired++;
      } else {
        expect(made).toHaveLength(1);
        expect(row?.status).toBe("converted");
        booked++;
      }
      const counts = await inventoryOf(db.db, type.id);
      expect(counts.taken, `iteration ${i}`).toBe(counts.held + counts.ticketed);
      expect(counts.ticketed).toBe(booked);
    }
    // Both sides of the race happened, or the test proved nothing.
    expect(booked).toBeGreaterThan(0);
    expect(expired).toBeGreaterThan(0);
  }, 120_000);

  it("never leaves a confirmed booking on an event the organiser cancelled at the same moment", async () => {
    let confirmedFirst = 0;
    let cancelledFirst = 0;
    for (let i = 0; i < 20; i++) {
      const { event, types, owner } = await makeEvent(db.db, { types: [{ capacity: 10 }] });
      const userId = nth(buyers, 300 + i);
      const hold = await holdTickets(deps(), userId, {
        eventRef: event.id,
        lines: [{ ticketTypeId: nth(types, 0).id, quantity: 2 }],
        idempotencyKey: newKey(),
      });
      const [confirmed] = await Promise.all([
        outcome(
          confirmHold({ db: db.db, messages, settings }, userId, {
            holdId: hold.id,
            attendees: [{ name: "One" }, { name: "Two" }],
            idempotencyKey: newKey(),
          }),
        ),
        (async () => {
          await pause(randomInt(0, 4));
          await cancelEvent(
            db.db,
            owner.id,
            { eventId: event.id, reason: "Flood" },
            { messages, publicUrl: null, steps: eventCancellationSteps },
          );
        })(),
      ]);
      const made = await db.db.select().from(bookings).where(eq(bookings.holdId, hold.id));
      if (confirmed instanceof FunctionError) {
        expect(confirmed.message).toMatch(/cancelled|let go/);
        expect(made).toEqual([]);
        cancelledFirst++;
      } else {
        // It was booked first: the cancellation found it and cancelled it.
        expect(made.map((b) => b.status)).toEqual(["cancelled"]);
        confirmedFirst++;
      }
      expect(await inventoryOf(db.db, nth(types, 0).id)).toMatchObject({
        taken: 0,
        held: 0,
        ticketed: 0,
      });
    }
    expect(confirmedFirst + cancelledFirst).toBe(20);
  }, 60_000);

  it("makes one hold and one booking for the same key sent twice at once", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 500 }] });
    const type = nth(types, 0);
    for (let i = 0; i < 20; i++) {
      const userId = nth(buyers, 200 + i);
      const holdRequest = {
        eventRef: event.id,
        lines: [{ ticketTypeId: type.id, quantity: 2 }],
        idempotencyKey: newKey(),
      };
      const [h1, h2] = await Promise.all([
        holdTickets(deps(), userId, holdRequest),
        holdTickets(deps(), userId, holdRequest),
      ]);
      expect(h2.id).toBe(h1.id);
      const confirm = {
        holdId: h1.id,
        attendees: [{ name: "One" }, { name: "Two" }],
        idempotencyKey: newKey(),
      };
      const [b1, b2] = await Promise.all([
        confirmHold({ db: db.db, messages, settings }, userId, confirm),
        confirmHold({ db: db.db, messages, settings }, userId, confirm),
      ]);
      expect(b2).toEqual(b1);
      expect(await db.db.select().from(bookings).where(eq(bookings.userId, userId))).toHaveLength(
        1,
      );
    }
    expect(await inventoryOf(db.db, type.id)).toMatchObject({ taken: 40, held: 0, ticketed: 40 });
  }, 60_000);
});
