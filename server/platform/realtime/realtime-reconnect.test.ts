import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#server/platform/runtime/logger.ts";
import { postgresOnly, type TestDatabase } from "#tests/support/databases.ts";
import { testDatabaseUrl } from "#tests/support/postgres.ts";
import { publishRealtime } from "./publish.ts";
import { createRealtimeHub, type RealtimeEvent, type RealtimeHub } from "./realtime-hub.ts";

const log = createLogger("silent");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The database refuses the LISTEN connection's reconnects for a while (an outage, a
// failover): the hub must come back with one connection, not one per failed try.
describe.each(postgresOnly)("the LISTEN connection on $name", ({ open }) => {
  let database: TestDatabase;
  let hub: RealtimeHub;
  let admin: pg.Client;
  let name: string;
  const pool = () => {
    if (!database.pool) throw new Error("PostgreSQL only");
    return database.pool;
  };
  beforeAll(async () => {
    database = await open();
    hub = createRealtimeHub(database, log);
    await hub.start();
    admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    const { rows } = await pool().query<{ name: string }>("select current_database() as name");
    name = String(rows[0]?.name);
  }, 60_000);
  afterAll(async () => {
    await admin?.query(`alter database ${name} allow_connections true`).catch(() => {});
    await admin?.end();
    await hub?.stop();
    await database?.dispose();
  });

  /** The database's backends: all of them, and those whose last statement was LISTEN. */
  async function backends() {
    const { rows } = await admin.query<{ all: number; listening: number }>(
      `select count(*)::int as all, (count(*) filter (where query = 'listen realtime'))::int as listening
         from pg_stat_activity where datname = $1 and backend_type = 'client backend'`,
      [name],
    );
    return rows[0] ?? { all: 0, listening: 0 };
  }
  const sockets = () =>
    process.getActiveResourcesInfo().filter((kind) => kind === "TCPSocketWrap").length;

  it("has exactly one LISTEN connection and no stray socket after a refusal of seconds", async () => {
    expect((await backends()).listening).toBe(1);
    const socketsBefore = sockets() - pool().totalCount;

    await admin.query(`alter database ${name} allow_connections false`);
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query = 'listen realtime'",
      [name],
    );
    await sleep(5000);
    await admin.query(`alter database ${name} allow_connections true`);

    for (let waited = 0; (await backends()).listening === 0 && waited < 20_000; waited += 250) {
      await sleep(250);
    }
    // Any further tries a failed one left scheduled would connect within this.
    await sleep(3000);
    const after = await backends();
    expect(after.listening).toBe(1);
    expect(after.all).toBe(pool().totalCount + 1);
    expect(sockets() - pool().totalCount).toBe(socketsBefore);

    // And it hears again: a publication reaches a subscriber once.
    const heard: RealtimeEvent[] = [];
    const unsubscribe = hub.subscribe({
      topics: new Map([["user:reconnect", null]]),
      deliver: (event) => heard.push(event),
    });
    const id = await publishRealtime(database.db, {
      topic: "user:reconnect",
      kind: "t",
      payload: 1,
    });
    for (let waited = 0; heard.length === 0 && waited < 5000; waited += 50) await sleep(50);
    await sleep(300);
    expect(heard.map((event) => event.id)).toEqual([id]);
    unsubscribe();
  }, 60_000);
});
