import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "#server/config.ts";
import { verifyPassword } from "#server/modules/accounts/password-hash.ts";
import { parsePhoneNumber } from "#server/modules/accounts/phone-number.ts";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { doorStats } from "#server/modules/checkin/door-views.ts";
import { teamReport } from "#server/modules/checkin/team-report.ts";
import { eventCodes } from "#server/modules/codes/codes.schema.ts";
import { listMyEvents } from "#server/modules/events/event-authoring.service.ts";
import { searchEvents } from "#server/modules/events/event-discovery.service.ts";
import { eventImages, events, ticketTypes } from "#server/modules/events/events.schema.ts";
import { notifications } from "#server/modules/notifications/notifications.schema.ts";
import { myTeams } from "#server/modules/teams/team-door.service.ts";
import { teamEvents, teams } from "#server/modules/teams/teams.schema.ts";
import { tickets } from "#server/modules/tickets/tickets.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { outboundMessages } from "#server/platform/messages/messages.schema.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { seedDemoOnFirstStart } from "./demo-on-start.ts";
import { demoAccounts, hasNoUsers, seedDemoData } from "./demo-seed.ts";
import { demoTeamAccounts, demoTonight } from "./demo-teams.ts";

const log = createLogger("silent");
// Given, so that loading settings never writes a secret file beside the working tree.
const secret = "d".repeat(32);
const publicUrl = "http://localhost:3000";

describe.each(testDatabases)("demo data on $name", ({ open }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database?.dispose());

  async function userIdOf(phone: string): Promise<string> {
    const [row] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phone, phone));
    return row?.id as string;
  }

  it("seeds once: accounts that can sign in, a pro business, a dozen listed events", async () => {
    expect(await seedDemoData(database.db, log, { publicUrl })).toBe(true);
    expect(await seedDemoData(database.db, log, { publicUrl })).toBe(false);
    expect(await hasNoUsers(database.db)).toBe(false);

    for (const account of Object.values(demoAccounts)) {
      expect(parsePhoneNumber(account.phone).ok).toBe(true);
      const [row] = await database.db.select().from(users).where(eq(users.phone, account.phone));
      expect(row?.passwordHash).toBeTruthy();
      expect(await verifyPassword(row?.passwordHash as string, account.password)).toBe(true);
    }
    const [business] = await database.db.select().from(businesses);
    expect(business).toMatchObject({ plan: "pro", status: "active" });
    // A dozen over the coming weeks, and tonight's (the door team's, demo-teams.ts).
    expect(await database.db.$count(events)).toBe(13);
    expect(await database.db.$count(eventImages)).toBe(13);

    const listed = await searchEvents(database.db, {}, { page: 1, pageSize: 48 });
    expect(listed.total).toBe(13);
    expect(new Set(listed.events.map((e) => e.category)).size).toBeGreaterThanOrEqual(8);
    const badges = listed.events.map((e) => e.availability);
    expect(badges).toContain("sold-out");
    expect(badges).toContain("few-left");
    expect(listed.events.some((e) => e.lowestPriceMinor === 0)).toBe(true);
    expect(listed.events.every((e) => e.coverImage?.endsWith("/small.webp"))).toBe(true);
    const types = await database.db.select().from(ticketTypes);
    expect(types.every((t) => t.taken <= t.capacity)).toBe(true);
    // The bookings' notifications are in the bell; no email or SMS waits to go out.
    expect(await database.db.$count(notifications)).toBeGreaterThan(0);
    expect(await database.db.$count(outboundMessages)).toBe(0);
  });

  it("gives the Family Science Fair a hidden press type, its PRESS code and EARLY20", async () => {
    const [fair] = await database.db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.title, "Family Science Fair"));
    const types = await database.db
      .select()
      .from(ticketTypes)
      .where(eq(ticketTypes.eventId, fair?.id as string));
    const press = types.find((t) => t.name === "Press");
    expect(press).toMatchObject({ hidden: true, priceMinor: 0, capacity: 20, taken: 0 });
    expect(types.filter((t) => t.hidden)).toHaveLength(1);
    const codes = await database.db
      .select()
      .from(eventCodes)
      .where(eq(eventCodes.eventId, fair?.id as string))
      .orderBy(eventCodes.code);
    expect(
      codes.map((c) => [
        c.code,
        c.discountKind,
        c.discountValue,
        c.maxUses,
        c.maxPerPerson,
        c.ticketTypeIds,
      ]),
    ).toEqual([
      ["EARLY20", "percent", 20, 100, 2, []],
      ["PRESS", "none", 0, 20, null, [press?.id]],
    ]);
    // The free press pass is not the card's "from" price.
    const listed = await searchEvents(database.db, {}, { page: 1, pageSize: 48 });
    expect(listed.events.find((e) => e.title === "Family Science Fair")?.lowestPriceMinor).toBe(
      400,
    );
  });

  it("has a door team with a coordinator and staff at an event under way today, with bookings", async () => {
    const { teams: mine } = await myTeams(
      database.db,
      await userIdOf(demoTeamAccounts.coordinator.phone),
    );
    expect(mine).toHaveLength(1);
    const [team] = mine;
    expect(team).toMatchObject({ name: "Demo Hall door crew", role: "coordinator" });
    expect(team?.events[0]).toMatchObject({ title: demoTonight.title, today: true });
    expect(team?.events).toHaveLength(2);
    const staff = await myTeams(database.db, await userIdOf(demoTeamAccounts.staff.phone));
    expect(staff.teams[0]?.role).toBe("staff");
    const tonightId = team?.events[0]?.id as string;
    const holders = await database.db
      .selectDistinct({ userId: tickets.holderUserId })
      .from(tickets)
      .where(eq(tickets.eventId, tonightId));
    expect(holders.length).toBeGreaterThanOrEqual(4);
    const [type] = await database.db
      .select()
      .from(ticketTypes)
      .where(eq(ticketTypes.eventId, tonightId));
    expect(type?.taken).toBe(await database.db.$count(tickets, eq(tickets.eventId, tonightId)));
    for (const account of Object.values(demoTeamAccounts)) {
      const [row] = await database.db.select().from(users).where(eq(users.phone, account.phone));
      expect(await verifyPassword(row?.passwordHash as string, account.password)).toBe(true);
    }
    // The door so far: the report has real figures at once.
    const report = await teamReport(database.db, team?.id as string);
    expect(report?.events[0]).toMatchObject({ id: tonightId, checkedIn: 4, undone: 1 });
    expect(report?.events[0]?.byStaff).toEqual([
      { name: demoTeamAccounts.staff.name, checkIns: 3, scans: 3, manual: 0 },
      { name: demoTeamAccounts.coordinator.name, checkIns: 1, scans: 0, manual: 1 },
    ]);
    const bars = report?.events[0]?.overTime ?? [];
    expect(bars.filter((bar) => bar.count > 0).length).toBeGreaterThanOrEqual(2);
    expect(bars.reduce((sum, bar) => sum + bar.count, 0)).toBe(4);
  });

  it("counts the same tickets on every screen: console, team report, door desk, ticket rows", async () => {
    const ownerId = await userIdOf(demoAccounts.owner.phone);
    const consoleList = await listMyEvents(database.db, ownerId);
    expect(consoleList.events).toHaveLength(13);
    // A team that works every demo event, so that the report covers them all.
    const [business] = await database.db.select().from(businesses);
    const [team] = await database.db
      .insert(teams)
      .values({ businessId: business?.id as string, name: "Every demo event" })
      .returning({ id: teams.id });
    await database.db
      .insert(teamEvents)
      .values(consoleList.events.map((e) => ({ teamId: team?.id as string, eventId: e.id })));
    const report = await teamReport(database.db, team?.id as string);
    const counts = await rowsOf<{
      event_id: string;
      tickets: number;
      in: number;
      check_ins: number;
    }>(
      database.db,
      sql`select k.event_id, count(*)::int as tickets,
          count(*) filter (where k.status = 'checked-in')::int as in,
          (select count(*) from check_ins c where c.event_id = k.event_id
            and c.undone_at is null)::int as check_ins
        from tickets k where k.status <> 'cancelled' group by k.event_id`,
    );
    let sold = 0;
    for (const event of consoleList.events) {
      const reported = report?.events.find((e) => e.id === event.id);
      const rows = counts.find((c) => c.event_id === event.id);
      const desk = await doorStats(database.db, event.id);
      const figures = {
        console: event.taken,
        report: reported?.sold,
        desk: desk.total,
        rows: Number(rows?.tickets ?? 0),
      };
      expect(figures, event.title).toEqual({
        console: figures.rows,
        report: figures.rows,
        desk: figures.rows,
        rows: figures.rows,
      });
      const checkIns = { report: reported?.checkedIn, desk: desk.in, rows: Number(rows?.in ?? 0) };
      expect(checkIns, event.title).toEqual({
        report: Number(rows?.check_ins ?? 0),
        desk: Number(rows?.check_ins ?? 0),
        rows: Number(rows?.check_ins ?? 0),
      });
      // By ticket type too: the console's counter, the report's line.
      const types = await database.db
        .select()
        .from(ticketTypes)
        .where(eq(ticketTypes.eventId, event.id));
      for (const type of types) {
        const line = reported?.byType.find((t) => t.name === type.name);
        expect(line?.sold, `${event.title}: ${type.name}`).toBe(type.taken);
      }
      sold += figures.rows;
    }
    // The demo has real figures: most events sold something, tonight's door has guests in.
    expect(sold).toBeGreaterThan(300);
    expect(consoleList.events.filter((e) => e.taken > 0)).toHaveLength(13);
    const lantern = consoleList.events.find((e) => e.title.startsWith("The Lantern Quartet"));
    expect(lantern?.capacity).toBeGreaterThan(lantern?.taken ?? 0);
    expect(report?.events.find((e) => e.id === lantern?.id)?.sold).toBe(lantern?.taken);
  });

  it("is not seeded at start when there are accounts, nor with DEMO_DATA=off", async () => {
    const settings = loadSettings({
      NODE_ENV: "test",
      PGLITE_DIR: "memory://",
      APP_SECRET: "d".repeat(32),
    });
    const before = await database.db.$count(events);
    await seedDemoOnFirstStart(settings, database, log);
    await seedDemoOnFirstStart({ ...settings, DEMO_DATA: "off" }, database, log);
    expect(await database.db.$count(events)).toBe(before);
    expect(
      loadSettings({ DEMO_DATA: "off", PGLITE_DIR: "memory://", APP_SECRET: secret }).DEMO_DATA,
    ).toBe("off");
    expect(() =>
      loadSettings({ DEMO_DATA: "maybe", PGLITE_DIR: "memory://", APP_SECRET: secret }),
    ).toThrow(/DEMO_DATA/);
  });
});
