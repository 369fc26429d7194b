import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { clockTime } from "#contract/door-verdict.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { type CheckinKit, checkinKit } from "#tests/support/kits/checkin-test-kit.ts";
import { makeEvent, nth } from "#tests/support/kits/holds-test-kit.ts";
import {
  announceAdmission,
  DOOR_ANNOUNCE_MS,
  flushDoorAnnouncements,
} from "./door-announcements.ts";

describe.each(testDatabases)("the door on $name", ({ name, open }) => {
  let database: TestDatabase;
  let kit: CheckinKit;
  let door: Awaited<ReturnType<CheckinKit["door"]>>;
  beforeAll(async () => {
    database = await open();
    kit = await checkinKit(database);
    door = await kit.door({ tickets: 4 });
  });
  afterAll(() => database?.dispose());

  const doorMessages = (eventId: string) =>
    rowsOf<{ kind: string; payload: { change: string; admitted?: number } }>(
      database.db,
      sql`select kind, payload from realtime_events where topic = ${`event-door:${eventId}`}
        order by id`,
    );

  it("admits a ticket's QR once, then says when, by whom and on which device it was used", async () => {
    const ticket = nth(door.tickets, 0);
    const token = await kit.tokenOf(ticket.id);
    const first = await door.staff.call("checkin.scan", kit.scanOf(door.event.id, token, "gate-2"));
    expect(first).toMatchObject({
      verdict: "admitted",
      ticket: { id: ticket.id, attendeeName: "Attendee 1", ticketTypeName: "Standing" },
      event: { id: door.event.id, title: door.event.title },
      checkIn: { staffName: "Stan Staff", deviceId: "gate-2" },
    });
    const again = await door.coordinator.call("checkin.scan", kit.scanOf(door.event.id, token));
    const time = clockTime(first.checkIn.at, door.event.timeZone);
    expect(first.checkIn.time).toBe(time);
    expect(again).toMatchObject({
      verdict: "already-checked-in",
      message: `Already checked in at ${time} by Stan Staff (gate-2).`,
      checkIn: { id: first.checkIn.id, time, staffName: "Stan Staff", deviceId: "gate-2" },
    });
    const history = await door.holder.call("tickets.history", { ticketId: ticket.id });
    expect(history.checkIns).toEqual([
      {
        at: first.checkIn.at,
        by: "Stan Staff",
        deviceId: "gate-2",
        undoneAt: null,
        undoReason: null,
      },
    ]);
  });

  it("answers a retried scanId with its first verdict, never a false already-checked-in", async () => {
    const ticket = nth(door.tickets, 1);
    const scan = kit.scanOf(door.event.id, await kit.tokenOf(ticket.id));
    const first = await door.staff.call("checkin.scan", scan);
    const retry = await door.staff.call("checkin.scan", scan);
    expect(first.verdict).toBe("admitted");
    expect(retry).toEqual(first);
  });

  it("admits by manual code, in any case and with the hyphen", async () => {
    const ticket = nth(door.tickets, 2);
    const typed = `${ticket.manual_code.slice(0, 5)}-${ticket.manual_code.slice(5)}`.toLowerCase();
    const verdict = await door.staff.call("checkin.scan", kit.scanOf(door.event.id, typed));
    expect(verdict).toMatchObject({ verdict: "admitted", ticket: { id: ticket.id } });
    const unknown = await door.staff.call("checkin.scan", kit.scanOf(door.event.id, "ABCDE-FGHJK"));
    expect(unknown).toMatchObject({ verdict: "invalid", reason: "unknown" });
  });

  it("refuses forged, foreign-event, superseded and cancelled codes with their own verdicts", async () => {
    const ticket = nth(door.tickets, 3);
    const token = await kit.tokenOf(ticket.id);
    const forged = `${token.slice(0, 100)}${token.slice(100) === "A".repeat(20) ? "B" : "A".repeat(20)}`;
    expect(
      await door.staff.call("checkin.scan", kit.scanOf(door.event.id, forged.slice(0, 120))),
    ).toMatchObject({ verdict: "invalid", reason: "signature" });
    expect(await door.staff.call("checkin.scan", kit.scanOf(door.event.id, "hello"))).toMatchObject(
      { verdict: "invalid", reason: "signature" },
    );

    // The same team also works at another event: the ticket names its own.
    const other = await makeEvent(database.db, { startsInHours: -1 });
    await database.db.execute(
      sql`update events set business_id = ${door.business.id} where id = ${other.event.id}`,
    );
    await database.db.execute(
      sql`insert into team_events (team_id, event_id) values (${door.team.team.id}, ${other.event.id})`,
    );
    expect(await door.staff.call("checkin.scan", kit.scanOf(other.event.id, token))).toMatchObject({
      verdict: "wrong-event",
      message: `Wrong event: this ticket is for ${door.event.title}.`,
      event: { id: door.event.id },
    });

    // Given away: the generation moves on and the old QR says so.
    await database.db.execute(sql`update tickets set generation = 2 where id = ${ticket.id}`);
    expect(await door.staff.call("checkin.scan", kit.scanOf(door.event.id, token))).toMatchObject({
      verdict: "invalid",
      reason: "given-away",
    });
    const current = await kit.tokenOf(ticket.id);
    await database.db.execute(sql`update tickets set status = 'cancelled' where id = ${ticket.id}`);
    expect(await door.staff.call("checkin.scan", kit.scanOf(door.event.id, current))).toMatchObject(
      {
        verdict: "cancelled",
      },
    );
    await database.db.execute(sql`update tickets set status = 'valid' where id = ${ticket.id}`);
  });

  it("counts, lists, searches, admits by hand and lets a coordinator undo (kept in the history)", async () => {
    const stats = await door.staff.call("checkin.stats", { eventId: door.event.id });
    expect(stats).toMatchObject({
      event: { id: door.event.id, title: door.event.title },
      role: "staff",
      in: 3,
      total: 4,
      byType: [
        { name: "Standing", in: 3, total: 4 },
        { name: "Balcony", in: 0, total: 0 },
      ],
    });
    const found = await door.staff.call("checkin.search", {
      eventId: door.event.id,
      query: "attendee 4",
    });
    expect(found.tickets.map((t: { id: string }) => t.id)).toEqual([nth(door.tickets, 3).id]);
    const byReference = await door.staff.call("checkin.search", {
      eventId: door.event.id,
      query: door.booking.reference.toLowerCase(),
    });
    expect(byReference.tickets).toHaveLength(4);
    expect(byReference.tickets[0]).toMatchObject({ status: "valid", checkedIn: null });

    const manual = await door.staff.call("checkin.admit", {
      eventId: door.event.id,
      ticketId: nth(door.tickets, 3).id,
      scanId: randomUUID(),
    });
    expect(manual).toMatchObject({ verdict: "admitted", checkIn: { deviceId: "desk" } });

    const recent = await door.coordinator.call("checkin.recent", { eventId: door.event.id });
    expect(recent.canUndo).toBe(true);
    expect(recent.checkIns).toHaveLength(4);
    expect(recent.checkIns[0]).toMatchObject({ id: manual.checkIn.id, method: "manual" });
    expect((await door.staff.call("checkin.recent", { eventId: door.event.id })).canUndo).toBe(
      false,
    );

    const undo = { checkInId: manual.checkIn.id, reason: "Scanned the wrong guest" };
    await expect(door.staff.call("checkin.undo", undo)).rejects.toMatchObject({
      status: "NOT_FOUND",
    });
    expect(await door.coordinator.call("checkin.undo", undo)).toMatchObject({ undone: true });
    await expect(door.coordinator.call("checkin.undo", undo)).rejects.toMatchObject({
      status: "FAILED_PRECONDITION",
    });
    expect((await door.staff.call("checkin.stats", { eventId: door.event.id })).in).toBe(3);
    const history = await door.holder.call("tickets.history", {
      ticketId: nth(door.tickets, 3).id,
    });
    expect(history.checkIns).toMatchObject([
      { by: "Stan Staff", undoReason: "Scanned the wrong guest" },
    ]);
    // Admissible again after the undo.
    const readmitted = await door.coordinator.call(
      "checkin.scan",
      kit.scanOf(door.event.id, await kit.tokenOf(nth(door.tickets, 3).id)),
    );
    expect(readmitted).toMatchObject({
      verdict: "admitted",
      checkIn: { staffName: "Cora Coordinator" },
    });
  });

  it("tells the event's desks of the admissions above, counted, and of the undo", async () => {
    await flushDoorAnnouncements(database.db);
    const rows = await doorMessages(door.event.id);
    const admitted = rows.filter((r) => r.payload.change === "admitted");
    // Four admissions, the undo, a fifth admission: announced after they committed, the
    // admissions of one quarter second together.
    expect(admitted.reduce((sum, r) => sum + (r.payload.admitted ?? 0), 0)).toBe(5);
    expect(admitted.length).toBeLessThanOrEqual(5);
    expect(rows.filter((r) => r.payload.change === "undone")).toHaveLength(1);
  });

  it("announces many admissions at one door within a quarter second as one message", async () => {
    const busy = await kit.door({ tickets: 6 });
    const scans = await Promise.all(
      busy.tickets.map(async (ticket) =>
        busy.staff.call("checkin.scan", kit.scanOf(busy.event.id, await kit.tokenOf(ticket.id))),
      ),
    );
    expect(scans.map((scan) => scan.verdict)).toEqual(Array(6).fill("admitted"));
    await flushDoorAnnouncements(database.db);
    // How many messages the six made depends on how fast this machine scanned them; every
    // admission is counted once.
    const sent = await doorMessages(busy.event.id);
    expect(sent.reduce((sum, r) => sum + (r.payload.admitted ?? 0), 0)).toBe(6);
    // Admissions inside one window (here, made before any timer can run) are one message.
    const quiet = await kit.door({ tickets: 1 });
    for (let i = 0; i < 6; i++) announceAdmission(database.db, quiet.event.id);
    await flushDoorAnnouncements(database.db);
    expect(await doorMessages(quiet.event.id)).toEqual([
      {
        kind: "door-checkin",
        payload: { eventId: quiet.event.id, change: "admitted", admitted: 6 },
      },
    ]);
  });

  // PostgreSQL: a second connection holds the message back.
  it.runIf(name === "postgres")(
    "waits, when flushed, for an announcement already on its way",
    async () => {
      const sent = await kit.door({ tickets: 1 });
      const blocker = await (database.pool as NonNullable<TestDatabase["pool"]>).connect();
      let flushed = false;
      try {
        await blocker.query("begin");
        await blocker.query("lock table realtime_events in exclusive mode");
        // The window ends (its timer runs now) and the message starts out, held by the lock.
        vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
        try {
          announceAdmission(database.db, sent.event.id);
          vi.advanceTimersByTime(DOOR_ANNOUNCE_MS);
        } finally {
          vi.useRealTimers();
        }
        // Nothing is waiting any more, but a flush must not end before that message is stored.
        const flushing = flushDoorAnnouncements(database.db).then(() => {
          flushed = true;
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(flushed).toBe(false);
        await blocker.query("commit");
        await flushing;
      } finally {
        await blocker.query("rollback").catch(() => {});
        blocker.release();
      }
      expect(await doorMessages(sent.event.id)).toHaveLength(1);
    },
  );

  it("is NOT_FOUND for staff of another team, a plain user and the visitor is refused", async () => {
    const stranger = await kit.teamFor(door.business.id, [], "Other door");
    const otherStaff = await stranger.member("Olly Other", "staff");
    const plain = await kit.user("Pia Plain");
    const token = await kit.tokenOf(nth(door.tickets, 0).id);
    const calls: [string, unknown][] = [
      ["checkin.scan", kit.scanOf(door.event.id, token)],
      [
        "checkin.admit",
        { eventId: door.event.id, ticketId: nth(door.tickets, 0).id, scanId: randomUUID() },
      ],
      ["checkin.search", { eventId: door.event.id, query: "Attendee" }],
      ["checkin.stats", { eventId: door.event.id }],
      ["checkin.recent", { eventId: door.event.id }],
      ["checkin.undo", { checkInId: randomUUID(), reason: "x" }],
    ];
    const recent = await door.coordinator.call("checkin.recent", { eventId: door.event.id });
    calls.push(["checkin.undo", { checkInId: recent.checkIns[0].id, reason: "x" }]);
    for (const [name, data] of calls) {
      for (const caller of [otherStaff.call, plain.call]) {
        await expect(caller(name, data), name).rejects.toMatchObject({ status: "NOT_FOUND" });
      }
      await expect(kit.visitor(name, data), name).rejects.toMatchObject({
        status: "UNAUTHENTICATED",
      });
    }
  });

  it("tells the event's teams once when a fifth bad scan comes within a minute", async () => {
    const burst = await kit.door({ tickets: 1 });
    const burstAlerts = async () =>
      rowsOf<{ subject: string }>(
        database.db,
        sql`select subject from alerts where event_id = ${burst.event.id}::uuid and kind = 'scan-burst'`,
      );
    for (let n = 1; n <= 4; n++) {
      await burst.staff.call("checkin.scan", kit.scanOf(burst.event.id, `copied-${n}`));
    }
    expect(await burstAlerts()).toEqual([]);
    await burst.staff.call("checkin.scan", kit.scanOf(burst.event.id, "copied-5"));
    expect(await burstAlerts()).toEqual([{ subject: "5 bad scans in a minute" }]);
    await burst.staff.call("checkin.scan", kit.scanOf(burst.event.id, "copied-6"));
    expect(await burstAlerts()).toHaveLength(1);
  });
});
