import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertBulkEvents } from "#server/modules/demo/bulk-events.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import {
  type DiscoveryFilters,
  discoveryCountQuery,
  discoveryPageQuery,
  searchEvents,
} from "./event-discovery.service.ts";

type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
};

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/**
 * 10 000 events on both databases: PGlite's planner is PostgreSQL's, and the embedded
 * database is what `npm start` runs on, so it must stay fast there too.
 */
describe.each(testDatabases)("the discovery query plan over 10 000 events on $name", ({ open }) => {
  let database: TestDatabase;
  const now = new Date();

  async function planOf(query: SQL): Promise<PlanNode[]> {
    const result = (await database.db.execute(sql`explain (format json) ${query}`)) as unknown as {
      rows: { "QUERY PLAN": [{ Plan: PlanNode }] | string }[];
    };
    const raw = result.rows[0]?.["QUERY PLAN"];
    const plan = typeof raw === "string" ? JSON.parse(raw) : raw;
    return nodesOf(plan[0].Plan);
  }

  async function indexesUsed(filters: DiscoveryFilters) {
    const used = new Set<string>();
    for (const query of [
      discoveryPageQuery(filters, now, { limit: 12, offset: 0 }),
      discoveryCountQuery(filters, now),
    ]) {
      const nodes = await planOf(query);
      const eventScans = nodes.filter((n) => n["Relation Name"] === "events");
      expect(eventScans.length, JSON.stringify(nodes)).toBeGreaterThan(0);
      expect(eventScans.map((n) => n["Node Type"])).not.toContain("Seq Scan");
      // Bitmap index scans name the index but not the table: events' indexes are events_*.
      for (const n of nodes) if (n["Index Name"]?.startsWith("events_")) used.add(n["Index Name"]);
    }
    return [...used];
  }

  beforeAll(async () => {
    database = await open();
    await insertBulkEvents(database.db, { count: 10_000, now });
    // Statistics only, as autoanalyze leaves them. No vacuum: the full-text index takes
    // new events at once (fastupdate off), so there is no pending list to merge first.
    await database.db.execute(sql`analyze`);
  }, 120_000);
  afterAll(() => database?.dispose());

  it("lists soonest first from the published-by-start index", async () => {
    expect(await indexesUsed({})).toEqual(["events_published_start"]);
  });

  it("answers a text search from the full-text index", async () => {
    expect(await indexesUsed({ q: "zanzibar" })).toContain("events_search");
  });

  it("filters a category by the category index and a date range by the start index", async () => {
    const category = await indexesUsed({ category: "sports" });
    expect(
      category.every((i) =>
        ["events_published_category_start", "events_published_start"].includes(i),
      ),
    ).toBe(true);
    expect(category).toContain("events_published_category_start");
    const day = (d: number) => new Date(now.getTime() + d * 86_400_000).toISOString().slice(0, 10);
    expect(await indexesUsed({ from: day(10), to: day(12) })).toEqual(["events_published_start"]);
  });

  it("answers the search with the right events", async () => {
    const result = await searchEvents(database.db, { q: "zanzibar" }, { page: 1, pageSize: 48 });
    // Events 777, 1777 … 9777: those not ended and not drafts or cancelled (n % 20, n % 50 = 1).
    const expected: string[] = [];
    for (let g = 777; g <= 10_000; g += 1000) {
      const startsAt = now.getTime() - 40 * 86_400_000 + g * 31.68 * 60_000;
      const ended = startsAt + 3 * 3_600_000 <= now.getTime();
      if (!ended && g % 20 !== 0 && g % 50 !== 1) expected.push(`#${g}`);
    }
    expect(expected.length).toBeGreaterThan(3);
    expect(result.events.map((e) => e.title.split(" ").at(-1))).toEqual(expected);
    expect(result.total).toBe(expected.length);
    const all = await searchEvents(database.db, {}, { page: 1, pageSize: 12 });
    expect(all).toMatchObject({ total: 1000, totalCapped: true, pageCount: 84 });
  });
});
