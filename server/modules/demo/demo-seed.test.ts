import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, testDatabases } from "../../../tests/support/databases.ts";
import { loadSettings } from "../../config.ts";
import { createLogger } from "../../platform/logger.ts";
import { users } from "../accounts/accounts.schema.ts";
import { verifyPassword } from "../accounts/password-hash.ts";
import { parsePhoneNumber } from "../accounts/phone-number.ts";
import { businesses } from "../businesses/businesses.schema.ts";
import { searchEvents } from "../events/event-discovery.service.ts";
import { eventImages, events, ticketTypes } from "../events/events.schema.ts";
import { seedDemoOnFirstStart } from "./demo-on-start.ts";
import { demoAccounts, hasNoUsers, seedDemoData } from "./demo-seed.ts";

const log = createLogger("silent");
// Given, so that loading settings never writes a secret file beside the working tree.
const secret = "d".repeat(32);

describe.each(testDatabases)("demo data on $name", ({ open }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database?.dispose());

  it("seeds once: accounts that can sign in, a pro business, a dozen listed events", async () => {
    const started = Date.now();
    expect(await seedDemoData(database.db, log)).toBe(true);
    // About 2 s on an idle machine; the bound only catches a pathological slowdown.
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(await seedDemoData(database.db, log)).toBe(false);
    expect(await hasNoUsers(database.db)).toBe(false);

    for (const account of Object.values(demoAccounts)) {
      expect(parsePhoneNumber(account.phone).ok).toBe(true);
      const [row] = await database.db.select().from(users).where(eq(users.phone, account.phone));
      expect(row?.passwordHash).toBeTruthy();
      expect(await verifyPassword(row?.passwordHash as string, account.password)).toBe(true);
    }
    const [business] = await database.db.select().from(businesses);
    expect(business).toMatchObject({ plan: "pro", status: "active" });
    expect(await database.db.$count(events)).toBe(12);
    expect(await database.db.$count(eventImages)).toBe(12);

    const listed = await searchEvents(database.db, {}, { page: 1, pageSize: 48 });
    expect(listed.total).toBe(12);
    expect(new Set(listed.events.map((e) => e.category)).size).toBeGreaterThanOrEqual(8);
    const badges = listed.events.map((e) => e.availability);
    expect(badges).toContain("sold-out");
    expect(badges).toContain("few-left");
    expect(listed.events.some((e) => e.lowestPriceMinor === 0)).toBe(true);
    expect(listed.events.every((e) => e.coverImage?.endsWith("/small.webp"))).toBe(true);
    const types = await database.db.select().from(ticketTypes);
    expect(types.every((t) => t.taken <= t.capacity)).toBe(true);
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
