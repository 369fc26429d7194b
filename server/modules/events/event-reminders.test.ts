import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverNextFanoutBatch } from "#server/modules/notifications/notice-fanout.ts";
import type { Database } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";
import { postgresOnly, type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { bookingsKit, holdAndConfirm } from "#tests/support/kits/bookings-test-kit.ts";
import { makeEvent, nth } from "#tests/support/kits/holds-test-kit.ts";
import { updateEvent } from "./event-authoring.service.ts";
import { updateEventInput } from "./event-input.ts";
import { remindDueEvents, reminderText, startEventReminders } from "./event-reminders.ts";
import { events } from "./events.schema.ts";
import { toLocalInput } from "./zoned-time.ts";

const hour = 60 * 60 * 1000;
const publicUrl = "https://tickets.example";

type Kit = Awaited<ReturnType<typeof bookingsKit>>;

/** Tells every pending fan-out recipient, batch after batch, straight into the outbox. */
async function deliverAll(db: Database): Promise<number> {
  let told = 0;
  for (;;) {
    const count = await deliverNextFanoutBatch(db, { messages: null, publicUrl, batchSize: 2 });
    if (count === 0) return told;
    told += count;
  }
}

/** The reminder fan-outs of one event (its key allows one). */
function fanoutsOf(db: Database, eventId: string) {
  return rowsOf<{ id: string; total: number; title: string; link: string }>(
    db,
    sql`select id, total, title, link from notice_fanouts where key = ${`reminder:${eventId}`}`,
  );
}

function remindersOf(db: Database, eventId: string) {
  return rowsOf<{ user_id: string; title: string; link: string }>(
    db,
    sql`select user_id, title, link from notifications
        where kind = 'event-reminder' and link = ${`/my_ticket/${eventId}`}
        order by user_id`,
  );
}

/** The emails and SMS of the event's reminder, as `channel destination` lines. */
async function messagesOf(db: Database, eventId: string) {
  const rows = await rowsOf<{ channel: string; destination: string; body: string }>(
    db,
    sql`select m.channel, m.destination, m.body from outbound_messages m
        join notice_fanouts f on f.id = m.source_id
        where f.key = ${`reminder:${eventId}`} order by m.channel, m.destination`,
  );
  return rows;
}

/**
 * A published event starting in `startsInHours` with three holders: one reachable by
 * email and SMS (two tickets, reminded once), one who turned email and SMS off (the
 * bell only), one with a phone and no email (bell and SMS).
 */
async function eventWithHolders(kit: Kit, db: Database, startsInHours: number) {
  const made = await makeEvent(db, { startsInHours });
  const type = nth(made.types, 0).id;
  const everything = await kit.buyer({ email: `all-${made.event.shortId}@example.com` });
  const quiet = await kit.buyer({
    email: `quiet-${made.event.shortId}@example.com`,
    notifyByEmail: false,
  });
  const phoneOnly = await kit.buyer();
  await holdAndConfirm(everything, made.event.shortId, type, 2);
  await holdAndConfirm(quiet, made.event.shortId, type, 1);
  await holdAndConfirm(phoneOnly, made.event.shortId, type, 1);
  return { ...made, everything, quiet, phoneOnly };
}

describe.each(testDatabases)("event reminders on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: Kit;

  beforeAll(async () => {
    database = await open();
    kit = await bookingsKit(database);
  });
  afterAll(() => database?.dispose());

  it("reminds each holder once, by the channels they chose, with the ticket link", async () => {
    const db = database.db;
    const due = await eventWithHolders(kit, db, 23);
    expect(await remindDueEvents(db)).toBe(1);
    const [fanout, ...more] = await fanoutsOf(db, due.event.id);
    expect(more).toEqual([]);
    expect(fanout).toMatchObject({ total: 3, link: `/my_ticket/${due.event.id}` });
    expect(fanout?.title).toMatch(/^Reminder: Concert of Tests (today|tomorrow) at \d\d:\d\d$/);
    const [row] = await db.select().from(events).where(eq(events.id, due.event.id));
    expect(row?.remindedAt).toBeInstanceOf(Date);

    expect(await deliverAll(db)).toBe(3);
    const told = await remindersOf(db, due.event.id);
    expect(told.map((r) => r.user_id).sort()).toEqual(
      [due.everything.user.id, due.quiet.user.id, due.phoneOnly.user.id].sort(),
    );
    const messages = await messagesOf(db, due.event.id);
    expect(messages.map((m) => `${m.channel} ${m.destination}`).sort()).toEqual(
      [
        `email ${due.everything.user.email}`,
        `sms ${due.everything.user.phone}`,
        `sms ${due.phoneOnly.user.phone}`,
      ].sort(),
    );
    for (const message of messages) {
      expect(message.body).toContain(`${publicUrl}/my_ticket/${due.event.id}`);
    }
    const email = messages.find((m) => m.channel === "email");
    expect(email?.body).toContain("Test Hall");
  });

  it("sends nothing more when run again, nor after the event is moved", async () => {
    const db = database.db;
    const due = await eventWithHolders(kit, db, 22);
    expect(await remindDueEvents(db)).toBe(1);
    await deliverAll(db);
    const before = await messagesOf(db, due.event.id);
    expect(before).toHaveLength(3);

    expect(await remindDueEvents(db)).toBe(0);
    expect(await deliverAll(db)).toBe(0);

    // The organiser moves it three hours later: still reminded, and nothing new is due.
    const startsAt = new Date(due.event.startsAt.getTime() + 3 * hour);
    await updateEvent(
      db,
      due.owner.id,
      updateEventInput.parse({
        eventId: due.event.id,
        title: due.event.title,
        venueName: due.event.venueName,
        timeZone: "Europe/London",
        startsLocal: toLocalInput(startsAt, "Europe/London"),
        endsLocal: toLocalInput(new Date(startsAt.getTime() + 3 * hour), "Europe/London"),
        category: "music",
      }),
    );
    expect(await remindDueEvents(db, new Date(Date.now() + 2 * hour))).toBe(0);
    // The move itself is told to the three holders (a change notice), not reminded again.
    expect(await deliverAll(db)).toBe(3);
    expect(await fanoutsOf(db, due.event.id)).toHaveLength(1);
    expect(await remindersOf(db, due.event.id)).toHaveLength(3);
    expect(await messagesOf(db, due.event.id)).toEqual(before);
  });

  it("waits for an event 25 hours away, and reminds it once it is within 24 hours", async () => {
    const db = database.db;
    const later = await eventWithHolders(kit, db, 25);
    expect(await remindDueEvents(db)).toBe(0);
    expect(await fanoutsOf(db, later.event.id)).toEqual([]);
    expect(await deliverAll(db)).toBe(0);
    // Two hours on, it is 23 hours away.
    expect(await remindDueEvents(db, new Date(Date.now() + 2 * hour))).toBe(1);
    expect(await fanoutsOf(db, later.event.id)).toMatchObject([{ total: 3 }]);
    expect(await deliverAll(db)).toBe(3);
    expect(await remindersOf(db, later.event.id)).toHaveLength(3);
  });

  it("reminds no one of an event with reminders off, a draft, a cancelled or a started one", async () => {
    const db = database.db;
    const off = await eventWithHolders(kit, db, 23);
    await db.update(events).set({ reminders: false }).where(eq(events.id, off.event.id));
    const cancelled = await eventWithHolders(kit, db, 23);
    await db.update(events).set({ status: "cancelled" }).where(eq(events.id, cancelled.event.id));
    const draft = await makeEvent(db, { startsInHours: 23, status: "draft" });
    const started = await makeEvent(db, { startsInHours: -1 });

    expect(await remindDueEvents(db)).toBe(0);
    expect(await deliverAll(db)).toBe(0);
    for (const { event } of [off, cancelled, draft, started]) {
      expect(await fanoutsOf(db, event.id)).toEqual([]);
      expect(await remindersOf(db, event.id)).toEqual([]);
      const [row] = await db.select().from(events).where(eq(events.id, event.id));
      expect(row?.remindedAt).toBeNull();
    }
  });

  it("runs as a runner that starts the due reminders and stops when told", async () => {
    const db = database.db;
    const due = await eventWithHolders(kit, db, 21);
    const runner = startEventReminders(db, createLogger("silent"), 3600);
    try {
      await expect
        .poll(() => fanoutsOf(db, due.event.id), { timeout: 30_000 })
        .toMatchObject([{ total: 3 }]);
    } finally {
      await runner.stop();
    }
    expect(runner.batches()).toBe(1);
    expect(await remindDueEvents(db)).toBe(0);
  });

  it("says today or tomorrow on the venue's calendar, with the time and place", () => {
    const event = {
      title: "Jazz Night",
      startsAt: new Date("2026-12-05T19:30:00Z"),
      timeZone: "Europe/London",
      venueName: "Blue Note",
      venueAddress: "1 Jazz Street",
    };
    expect(reminderText(event, new Date("2026-12-04T20:00:00Z"))).toEqual({
      title: "Reminder: Jazz Night tomorrow at 19:30",
      body: "Jazz Night starts Sat, 5 Dec 2026, 19:30 GMT at Blue Note, 1 Jazz Street. Your tickets are ready to show at the door.",
    });
    expect(reminderText(event, new Date("2026-12-05T08:00:00Z")).title).toBe(
      "Reminder: Jazz Night today at 19:30",
    );
    // 20:00 UTC on the 4th is 05:00 on the 5th in Tokyo: the day of an event at 10:00 UTC.
    const tokyo = { ...event, timeZone: "Asia/Tokyo", startsAt: new Date("2026-12-05T10:00:00Z") };
    expect(reminderText(tokyo, new Date("2026-12-04T20:00:00Z")).title).toBe(
      "Reminder: Jazz Night today at 19:00",
    );
  });
});

describe.each(postgresOnly)("event reminders of two instances on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: Kit;

  beforeAll(async () => {
    database = await open();
    kit = await bookingsKit(database);
  });
  afterAll(() => database?.dispose());

  it("starts each due event's reminder once when two instances run at the same time", async () => {
    const db = database.db;
    const due = [];
    for (let i = 0; i < 6; i++) due.push(await eventWithHolders(kit, db, 20 + i / 2));
    for (let round = 0; round < 3; round++) {
      const [a, b, c] = await Promise.all([
        remindDueEvents(db),
        remindDueEvents(db),
        remindDueEvents(db),
      ]);
      // Every due event is claimed by exactly one of them (all are due in the first round).
      expect(a + b + c).toBe(round === 0 ? due.length : 0);
    }
    for (const { event } of due) expect(await fanoutsOf(db, event.id)).toHaveLength(1);
    expect(await deliverAll(db)).toBe(3 * due.length);
    for (const { event } of due) expect(await remindersOf(db, event.id)).toHaveLength(3);
  });
});
