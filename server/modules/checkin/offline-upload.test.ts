import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OfflineAdmission, OfflineUploadAnswer } from "#contract/door-offline.ts";
import { clockTime } from "#contract/door-verdict.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { wholeCsvExport } from "#tests/support/csv-export.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { type CheckinKit, checkinKit } from "#tests/support/kits/checkin-test-kit.ts";
import { nth } from "#tests/support/kits/holds-test-kit.ts";
import { eraseCheckInNamesOf } from "./check-ins-of-deleted-account.ts";

type Door = Awaited<ReturnType<CheckinKit["door"]>>;
type Caller = Door["staff"]["call"];

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function admission(ticketId: string, at: string, more: Partial<OfflineAdmission> = {}) {
  return {
    scanId: randomUUID(),
    ticketId,
    generation: 1,
    method: "scan" as const,
    at,
    ...more,
  } satisfies OfflineAdmission;
}

const upload = (call: Caller, eventId: string, deviceId: string, admissions: OfflineAdmission[]) =>
  call("checkin.offlineUpload", { eventId, deviceId, admissions }) as Promise<OfflineUploadAnswer>;

const hyphenated = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

describe.each(testDatabases)("offline admissions uploaded on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: CheckinKit;
  let door: Door;
  beforeAll(async () => {
    database = await open();
    kit = await checkinKit(database);
    door = await kit.door({ tickets: 6 });
  });
  afterAll(() => database?.dispose());

  const conflictAlerts = (eventId: string) =>
    rowsOf<{ subject: string; body: string; urgency: string; teams: number }>(
      database.db,
      sql`select a.subject, a.body, a.urgency,
          (select count(*)::int from alert_teams t where t.alert_id = a.id) as teams
        from alerts a where a.event_id = ${eventId} and a.kind = 'door-conflict'
        order by a.created_at, a.id`,
    );

  it("admits a valid ticket with the device's time, offline, and answers a repeat the same", async () => {
    const ticket = nth(door.tickets, 0);
    const at = minutesAgo(10);
    const sent = [admission(ticket.id, at)];
    const answer = await upload(door.staff.call, door.event.id, "scanner-1a2b", sent);
    expect(answer.results).toEqual([
      {
        scanId: nth(sent, 0).scanId,
        outcome: "admitted",
        verdict: expect.objectContaining({
          verdict: "admitted",
          ticket: { id: ticket.id, attendeeName: "Attendee 1", ticketTypeName: "Standing" },
          checkIn: expect.objectContaining({
            at,
            time: clockTime(at, "Europe/London"),
            staffName: "Stan Staff",
            deviceId: "scanner-1a2b",
          }),
        }),
      },
    ]);
    const [row] = await rowsOf<{ offline: boolean; method: string; status: string }>(
      database.db,
      sql`select c.offline, c.method, k.status from check_ins c join tickets k on k.id = c.ticket_id
        where c.ticket_id = ${ticket.id}`,
    );
    expect(row).toEqual({ offline: true, method: "scan", status: "checked-in" });
    expect(await upload(door.staff.call, door.event.id, "scanner-1a2b", sent)).toEqual(answer);
  });

  it("keeps a device's time within the last two days and never later than now", async () => {
    const future = admission(
      nth(door.tickets, 4).id,
      new Date(Date.now() + 86_400_000).toISOString(),
    );
    const old = admission(
      nth(door.tickets, 5).id,
      new Date(Date.now() - 10 * 86_400_000).toISOString(),
    );
    const { results } = await upload(door.staff.call, door.event.id, "scanner-1a2b", [future, old]);
    const [late, early] = results.map((r) => Date.parse(r.verdict.checkIn?.at ?? ""));
    expect(late).toBeLessThanOrEqual(Date.now());
    expect(late).toBeGreaterThan(Date.now() - 60_000);
    expect(early).toBeGreaterThan(Date.now() - 2 * 86_400_000 - 60_000);
    expect(early).toBeLessThan(Date.now() - 2 * 86_400_000 + 60_000);
  });

  it("records a double entry as a conflict, alerts the teams once with both devices and times", async () => {
    const ticket = nth(door.tickets, 0);
    const [kept] = await rowsOf<{ id: string; created_at: Date | string }>(
      database.db,
      sql`select id, created_at from check_ins where ticket_id = ${ticket.id}`,
    );
    if (!kept) throw new Error("admitted above");
    const at = minutesAgo(8);
    const sent = [admission(ticket.id, at)];
    const answer = await upload(door.coordinator.call, door.event.id, "scanner-9f8e", sent);
    expect(answer.results).toEqual([
      {
        scanId: nth(sent, 0).scanId,
        outcome: "conflict",
        reason: "already-in",
        verdict: expect.objectContaining({
          verdict: "already-checked-in",
          checkIn: expect.objectContaining({ id: kept.id, deviceId: "scanner-1a2b" }),
        }),
      },
    ]);
    expect(await upload(door.coordinator.call, door.event.id, "scanner-9f8e", sent)).toEqual(
      answer,
    );
    const conflicts = await rowsOf<Record<string, unknown>>(
      database.db,
      sql`select kept_check_in_id, reason, staff_name, device_id from check_in_conflicts
        where ticket_id = ${ticket.id}`,
    );
    expect(conflicts).toEqual([
      {
        kept_check_in_id: kept.id,
        reason: "already-in",
        staff_name: "Cora Coordinator",
        device_id: "scanner-9f8e",
      },
    ]);
    const first = clockTime(kept.created_at, "Europe/London");
    const second = clockTime(at, "Europe/London");
    expect(await conflictAlerts(door.event.id)).toEqual([
      {
        subject: "Double entry at the door",
        body: `Ticket ${hyphenated(ticket.manual_code)} (Attendee 1) entered at ${first} on scanner-1a2b and ${second} on scanner-9f8e.`,
        urgency: "urgent",
        teams: 1,
      },
    ]);
    // A still live check-in stands; the history shows both devices.
    const history = await door.holder.call("tickets.history", { ticketId: ticket.id });
    expect(history.checkIns).toMatchObject([{ deviceId: "scanner-1a2b", undoneAt: null }]);
    expect(history.conflicts).toEqual([
      { at, by: "Cora Coordinator", deviceId: "scanner-9f8e", reason: "already-in" },
    ]);
  });

  it("records a cancelled ticket and an old QR of a ticket given away as conflicts", async () => {
    const cancelled = nth(door.tickets, 1);
    const given = nth(door.tickets, 2);
    await database.db.execute(
      sql`update tickets set status = 'cancelled' where id = ${cancelled.id}`,
    );
    await database.db.execute(sql`update tickets set generation = 2 where id = ${given.id}`);
    const at = minutesAgo(5);
    const { results } = await upload(door.staff.call, door.event.id, "scanner-1a2b", [
      admission(cancelled.id, at),
      admission(given.id, at),
    ]);
    expect(results.map((r) => [r.outcome, r.reason, r.verdict.verdict])).toEqual([
      ["conflict", "cancelled", "cancelled"],
      ["conflict", "given-away", "invalid"],
    ]);
    const time = clockTime(at, "Europe/London");
    const bodies = (await conflictAlerts(door.event.id)).map((a) => [a.subject, a.body]);
    expect(bodies.slice(1)).toEqual([
      [
        "Cancelled ticket let in at the door",
        `Ticket ${hyphenated(cancelled.manual_code)} (Attendee 2) entered at ${time} on scanner-1a2b although it was cancelled.`,
      ],
      [
        "Old QR code let in at the door",
        `Ticket ${hyphenated(given.manual_code)} (Attendee 3) entered at ${time} on scanner-1a2b with an old QR code: the ticket had been given to someone else.`,
      ],
    ]);
  });

  it("refuses an unknown ticket and another event's as the online door would, recording nothing", async () => {
    const other = await kit.door({ tickets: 1 });
    const { results } = await upload(door.staff.call, door.event.id, "scanner-1a2b", [
      admission(randomUUID(), minutesAgo(1)),
      admission(nth(other.tickets, 0).id, minutesAgo(1)),
    ]);
    expect(results.map((r) => [r.outcome, r.verdict.verdict, r.verdict.message])).toEqual([
      ["refused", "invalid", "No ticket with this code at this event."],
      ["refused", "wrong-event", "Not a ticket for this event."],
    ]);
    const [counted] = await rowsOf<{ conflicts: number; check_ins: number }>(
      database.db,
      sql`select (select count(*)::int from check_in_conflicts where ticket_id = ${nth(other.tickets, 0).id}) as conflicts,
        (select count(*)::int from check_ins where ticket_id = ${nth(other.tickets, 0).id}) as check_ins`,
    );
    expect(counted).toEqual({ conflicts: 0, check_ins: 0 });
  });

  it("answers a scan id the door admitted online as admitted, without a conflict", async () => {
    const ticket = nth(door.tickets, 3);
    const scan = kit.scanOf(door.event.id, await kit.tokenOf(ticket.id), "scanner-1a2b");
    const online = await door.staff.call("checkin.scan", scan);
    expect(online.verdict).toBe("admitted");
    const { results } = await upload(door.staff.call, door.event.id, "scanner-1a2b", [
      admission(ticket.id, minutesAgo(0), { scanId: scan.scanId }),
    ]);
    expect(results).toEqual([{ scanId: scan.scanId, outcome: "admitted", verdict: online }]);
    const [row] = await rowsOf<{ conflicts: number }>(
      database.db,
      sql`select count(*)::int as conflicts from check_in_conflicts where ticket_id = ${ticket.id}`,
    );
    expect(row?.conflicts).toBe(0);
  });

  it("answers a late online copy of an uploaded scan with the upload's verdict", async () => {
    const ticket = nth(door.tickets, 5);
    const [uploaded] = await rowsOf<{ scan_id: string; verdict: { verdict: unknown } }>(
      database.db,
      sql`select s.scan_id, s.verdict from check_in_scans s
        where s.verdict -> 'verdict' -> 'ticket' ->> 'id' = ${ticket.id}`,
    );
    if (!uploaded) throw new Error("uploaded above");
    const scan = {
      ...kit.scanOf(door.event.id, await kit.tokenOf(ticket.id), "scanner-1a2b"),
      scanId: uploaded.scan_id,
    };
    expect(await door.staff.call("checkin.scan", scan)).toEqual(uploaded.verdict.verdict);
  });

  it("counts the conflicts in the team report", async () => {
    const report = await door.coordinator.call("checkin.report", { teamId: door.team.team.id });
    const event = report.events.find((e: { id: string }) => e.id === door.event.id);
    expect(event.conflicts).toBe(3);
    const file = await wholeCsvExport((data) => door.coordinator.call("checkin.reportCsv", data), {
      teamId: door.team.team.id,
    });
    const kinds = (file.csv as string)
      .split("\r\n")
      .filter((line) => line.includes(door.event.title))
      .map((line) => line.split(",").slice(8, 12).join(","));
    expect(kinds).toEqual(
      expect.arrayContaining([
        "Stan Staff,scanner-1a2b,scan (offline),no",
        "Cora Coordinator,scanner-9f8e,conflict: already-in,",
        "Stan Staff,scanner-1a2b,conflict: cancelled,",
        "Stan Staff,scanner-1a2b,conflict: given-away,",
        "Stan Staff,scanner-1a2b,scan,no",
      ]),
    );
    expect(kinds).toHaveLength(7);
  });

  it("refuses bad input with INVALID_ARGUMENT", async () => {
    const bad = [
      admission("not-a-ticket", minutesAgo(1)),
      admission(nth(door.tickets, 4).id, "yesterday"),
      admission(nth(door.tickets, 4).id, minutesAgo(1), { scanId: "short" }),
    ];
    for (const sent of bad) {
      await expect(
        upload(door.staff.call, door.event.id, "scanner-1a2b", [sent]),
      ).rejects.toMatchObject({ status: "INVALID_ARGUMENT" });
    }
    await expect(upload(door.staff.call, door.event.id, "scanner-1a2b", [])).rejects.toMatchObject({
      status: "INVALID_ARGUMENT",
    });
  });

  it("names a deleted account 'A former member' in conflicts and in stored online and offline answers", async () => {
    const storedWith = async (name: string) => {
      const [row] = await rowsOf<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from check_in_scans
          where event_id = ${door.event.id} and verdict::text like ${`%${name}%`}`,
      );
      return row?.n ?? 0;
    };
    // Stan's online scan, his offline results, and Cora's conflict naming his check-in.
    expect(await storedWith("Stan Staff")).toBeGreaterThan(2);
    expect(await storedWith("Attendee 1")).toBe(2);
    for (const gone of [door.coordinator, door.staff, door.holder]) {
      await database.db.transaction((tx) => eraseCheckInNamesOf(tx, gone.user.id));
    }
    expect(await storedWith("Stan Staff")).toBe(0);
    expect(await storedWith("Attendee 1")).toBe(0);
    const history = await door.holder.call("tickets.history", {
      ticketId: nth(door.tickets, 0).id,
    });
    expect(history.conflicts).toMatchObject([{ by: "A former member" }]);
    expect(await storedWith("by A former member (scanner-1a2b).")).toBe(1);
  });
});
