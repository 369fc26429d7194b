import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { wholeCsvExport } from "#tests/support/csv-export.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { holdAndConfirm } from "#tests/support/kits/bookings-test-kit.ts";
import { type CheckinKit, checkinKit } from "#tests/support/kits/checkin-test-kit.ts";
import { makeEvent, nth } from "#tests/support/kits/holds-test-kit.ts";
import { reportCsvHeader } from "./team-report-csv.ts";

/** Check-in times of the script, in UTC; the event's zone is Asia/Kolkata (UTC+05:30). */
const at = (utc: string) => `2026-07-10T${utc}:00Z`;
const formula = '=HYPERLINK("http://evil.example","Click"), Jo';

describe.each(testDatabases)("the team report on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: CheckinKit;
  let door: Awaited<ReturnType<CheckinKit["door"]>>;
  const ids = { s1: "", s2undone: "", s3: "", s2: "", b1: "" };

  /**
   * The script: staff scan S1 and S2, the coordinator admits S3 by hand and undoes S2,
   * staff scan S2 again, the owner admits B1 by hand, S1 is scanned a second time
   * (already in: no new check-in), and S4 is cancelled. Then each check-in is placed at a
   * known time.
   */
  beforeAll(async () => {
    database = await open();
    kit = await checkinKit(database);
    door = await kit.door({ tickets: 4 });
    const db = database.db;
    await db.execute(sql`update events set time_zone = 'Asia/Kolkata' where id = ${door.event.id}`);
    const balcony = nth(door.types, 1);
    const { booking } = await holdAndConfirm(door.holder, door.event.shortId, balcony.id, 2);
    const [b1, b2] = await rowsOf<{ id: string }>(
      db,
      sql`select id from tickets where booking_id = ${booking.id} order by attendee_name`,
    );
    if (!b1 || !b2) throw new Error("no balcony tickets");
    await db.execute(sql`update tickets set attendee_name = ${formula} where id = ${b1.id}`);
    const [s1, s2, s3, s4] = door.tickets.map((t) => t.id);
    if (!s1 || !s2 || !s3 || !s4) throw new Error("no standing tickets");
    await db.execute(sql`update tickets set attendee_name = 'Zoë Ñandú' where id = ${s3}`);

    type Caller = Pick<typeof door.staff, "call">;
    const scan = async (who: Caller, ticketId: string, device: string) =>
      who.call("checkin.scan", kit.scanOf(door.event.id, await kit.tokenOf(ticketId), device));
    const admit = (who: Caller, ticketId: string) =>
      who.call("checkin.admit", { eventId: door.event.id, ticketId, scanId: randomUUID() });

    ids.s1 = (await scan(door.staff, s1, "gate-1")).checkIn.id;
    ids.s2undone = (await scan(door.staff, s2, "gate-2")).checkIn.id;
    ids.s3 = (await admit(door.coordinator, s3)).checkIn.id;
    await door.coordinator.call("checkin.undo", {
      checkInId: ids.s2undone,
      reason: "Wrong guest,\nsent back",
    });
    ids.s2 = (await scan(door.staff, s2, "gate-1")).checkIn.id;
    ids.b1 = (await admit({ call: door.owner }, b1.id)).checkIn.id;
    expect((await scan(door.staff, s1, "gate-2")).verdict).toBe("already-checked-in");
    await db.execute(sql`update tickets set status = 'cancelled' where id = ${s4}`);

    const times: [string, string][] = [
      [ids.s1, at("13:32")],
      [ids.s2undone, at("13:40")],
      [ids.s3, at("13:44")],
      [ids.s2, at("13:50")],
      [ids.b1, at("14:17")],
    ];
    for (const [id, time] of times) {
      await db.execute(
        sql`update check_ins set created_at = ${time}::timestamptz where id = ${id}`,
      );
    }
    await db.execute(
      sql`update check_ins set undone_at = ${at("13:45")}::timestamptz where id = ${ids.s2undone}`,
    );
  });
  afterAll(() => database?.dispose());

  it("counts what the script did: sold, in and not yet in, by type, by staff and over time", async () => {
    // A second event of the team where nobody has come in yet.
    const later = await makeEvent(database.db, { startsInHours: 48 });
    await database.db.execute(
      sql`update events set business_id = ${door.business.id} where id = ${later.event.id}`,
    );
    await database.db.execute(
      sql`insert into team_events (team_id, event_id) values (${door.team.team.id}, ${later.event.id})`,
    );
    const report = await door.coordinator.call("checkin.report", { teamId: door.team.team.id });
    expect(report.team).toEqual({ id: door.team.team.id, name: "Door" });
    expect(report.role).toBe("coordinator");
    expect(report.events.map((e: { id: string }) => e.id)).toEqual([door.event.id, later.event.id]);
    const [tonight, upcoming] = report.events;
    expect(tonight).toMatchObject({
      title: door.event.title,
      timeZone: "Asia/Kolkata",
      sold: 5,
      checkedIn: 4,
      notYetIn: 1,
      undone: 1,
      bucketMinutes: 15,
    });
    expect(tonight.byType).toEqual([
      { name: "Standing", sold: 3, checkedIn: 3, notYetIn: 0 },
      { name: "Balcony", sold: 2, checkedIn: 1, notYetIn: 1 },
    ]);
    expect(tonight.byStaff).toEqual([
      { name: "Stan Staff", checkIns: 2, scans: 2, manual: 0 },
      { name: "Cora Coordinator", checkIns: 1, scans: 0, manual: 1 },
      { name: "Owner", checkIns: 1, scans: 0, manual: 1 },
    ]);
    // 19:02, 19:14, 19:20 and 19:47 in Kolkata; the undone 19:10 does not count.
    expect(tonight.overTime).toEqual([
      { start: "2026-07-10T19:00", label: "19:00", count: 2 },
      { start: "2026-07-10T19:15", label: "19:15", count: 1 },
      { start: "2026-07-10T19:30", label: "19:30", count: 0 },
      { start: "2026-07-10T19:45", label: "19:45", count: 1 },
    ]);
    expect(upcoming).toMatchObject({ sold: 0, checkedIn: 0, notYetIn: 0, overTime: [] });
    expect(upcoming.byStaff).toEqual([]);
    // The owner reads the same figures.
    const owners = await door.owner("checkin.report", { teamId: door.team.team.id });
    expect(owners.role).toBe("owner");
    expect(owners.events[0]).toEqual(tonight);
  });

  it("counts the hour repeated when clocks go back as the wall clock shows it", async () => {
    const fallBack = await kit.door({ tickets: 2 });
    const db = database.db;
    await db.execute(
      sql`update events set time_zone = 'America/New_York' where id = ${fallBack.event.id}`,
    );
    const admitted = [];
    for (const ticket of fallBack.tickets) {
      const code = await kit.tokenOf(ticket.id);
      admitted.push(
        (await fallBack.staff.call("checkin.scan", kit.scanOf(fallBack.event.id, code))).checkIn.id,
      );
    }
    // 01:20 EDT, then 01:20 again an hour later in EST (2025-11-02): one wall quarter.
    const [first, second] = admitted;
    await db.execute(
      sql`update check_ins set created_at = '2025-11-02T05:20:00Z' where id = ${first}`,
    );
    await db.execute(
      sql`update check_ins set created_at = '2025-11-02T06:20:00Z' where id = ${second}`,
    );
    const report = await fallBack.coordinator.call("checkin.report", {
      teamId: fallBack.team.team.id,
    });
    expect(report.events[0]).toMatchObject({
      checkedIn: 2,
      bucketMinutes: 15,
      overTime: [{ start: "2025-11-02T01:15", label: "01:15", count: 2 }],
    });
  });

  it("exports one CSV row per check-in, undone ones marked, that a CSV library reads back", async () => {
    const file = await wholeCsvExport((data) => door.coordinator.call("checkin.reportCsv", data), {
      teamId: door.team.team.id,
    });
    expect(file.filename).toMatch(/^check-ins-door-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.csv.startsWith("\uFEFFEvent,Event starts,")).toBe(true);
    expect(file.csv.endsWith("\r\n")).toBe(true);
    const rows: Record<string, string>[] = parse(file.csv, { bom: true, columns: true });
    expect(Object.keys(rows[0] ?? {})).toEqual([...reportCsvHeader]);
    const [s1, s2, s3, s4] = door.tickets.map((t) => t.id);
    const common = {
      Event: door.event.title,
      "Booking reference": door.booking.reference,
      "Time zone": "Asia/Kolkata",
    };
    const kept = { Undone: "no", "Undone at": "", "Undone by": "", "Undo reason": "" };
    expect(rows.map(({ "Event starts": _, ...row }) => row)).toEqual([
      {
        ...common,
        Ticket: s1,
        "Ticket type": "Standing",
        Holder: "Attendee 1",
        "Checked in at": "2026-07-10 19:02:00",
        Staff: "Stan Staff",
        Device: "gate-1",
        Kind: "scan",
        ...kept,
      },
      {
        ...common,
        Ticket: s2,
        "Ticket type": "Standing",
        Holder: "Attendee 2",
        "Checked in at": "2026-07-10 19:10:00",
        Staff: "Stan Staff",
        Device: "gate-2",
        Kind: "scan",
        Undone: "yes",
        "Undone at": "2026-07-10 19:15:00",
        "Undone by": "Cora Coordinator",
        "Undo reason": "Wrong guest,\nsent back",
      },
      {
        ...common,
        Ticket: s3,
        "Ticket type": "Standing",
        Holder: "Zoë Ñandú",
        "Checked in at": "2026-07-10 19:14:00",
        Staff: "Cora Coordinator",
        Device: "desk",
        Kind: "manual",
        ...kept,
      },
      {
        ...common,
        Ticket: s2,
        "Ticket type": "Standing",
        Holder: "Attendee 2",
        "Checked in at": "2026-07-10 19:20:00",
        Staff: "Stan Staff",
        Device: "gate-1",
        Kind: "scan",
        ...kept,
      },
      {
        ...common,
        Ticket: rows[4]?.Ticket,
        "Booking reference": rows[4]?.["Booking reference"],
        "Ticket type": "Balcony",
        // Defused: a spreadsheet shows the text, never runs it.
        Holder: `'${formula}`,
        "Checked in at": "2026-07-10 19:47:00",
        Staff: "Owner",
        Device: "desk",
        Kind: "manual",
        ...kept,
      },
    ]);
    expect(rows.map((r) => r.Ticket)).not.toContain(s4);
    expect(rows[0]?.["Event starts"]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // The report's live check-ins are the CSV's rows not undone.
    const report = await door.owner("checkin.report", { teamId: door.team.team.id });
    expect(rows.filter((r) => r.Undone === "no")).toHaveLength(report.events[0].checkedIn);
  });

  it("is NOT_FOUND for the team's staff, another team, a plain user and another owner", async () => {
    const teamId = door.team.team.id;
    const sameEvent = await kit.teamFor(door.business.id, [door.event.id], "Side door");
    const otherCoordinator = await sameEvent.member("Oona Other", "coordinator");
    const otherStaff = await sameEvent.member("Olly Other", "staff");
    const plain = await kit.user("Pia Plain");
    const stranger = await makeEvent(database.db);
    const otherOwner = kit.as({ userId: stranger.owner.id, sessionId: "s", roles: [] });
    for (const name of ["checkin.report", "checkin.reportCsv"]) {
      for (const caller of [door.staff, otherCoordinator, otherStaff, plain]) {
        await expect(caller.call(name, { teamId }), name).rejects.toMatchObject({
          status: "NOT_FOUND",
        });
      }
      await expect(otherOwner(name, { teamId }), name).rejects.toMatchObject({
        status: "NOT_FOUND",
      });
      await expect(kit.visitor(name, { teamId }), name).rejects.toMatchObject({
        status: "UNAUTHENTICATED",
      });
      for (const bad of [randomUUID(), "not-a-team", "x".repeat(100)]) {
        await expect(door.owner(name, { teamId: bad }), name).rejects.toMatchObject({
          status: "NOT_FOUND",
        });
      }
    }
    // The other team's coordinator reads their own team's report: the same event.
    const theirs = await otherCoordinator.call("checkin.report", { teamId: sameEvent.team.id });
    expect(theirs.events[0]).toMatchObject({ id: door.event.id, checkedIn: 4 });
  });
});
