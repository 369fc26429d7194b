import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { makeEvent, makeUser, newKey, nth } from "#tests/support/kits/holds-test-kit.ts";
import { createTempDatabase, testDatabaseUrl } from "#tests/support/postgres.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";
import { callFunction as call, waitFor } from "#tests/support/spawned-calls.ts";

const PAUSE_MS = 20_000;
const ROUNDS = 3;

/**
 * A failover, a restart or an administrator ends the app's PostgreSQL sessions while a
 * request is inside its transaction. The client of that transaction is checked out of the
 * pool, so the pool's own error handler does not cover it: an `'error'` event without a
 * listener used to end the whole process.
 */
describe.skipIf(!testDatabaseUrl)("the database's sessions terminated under a request", () => {
  let temp: Awaited<ReturnType<typeof createTempDatabase>>;
  let db: DatabaseHandle;
  let server: RunningServer;

  beforeAll(async () => {
    temp = await createTempDatabase("connloss", { migrated: true });
    server = await spawnServer({
      env: {
        NODE_ENV: "test",
        DATABASE_URL: temp.url,
        APP_SECRET: "k".repeat(32),
        DEMO_DATA: "off",
        HOLD_SWEEP_SECONDS: "0",
        TEST_CONFIRM_PAUSE_MS: String(PAUSE_MS),
      },
    });
    db = await openDatabase({ databaseUrl: temp.url, pgliteDir: "", poolMax: 2 });
  }, 120_000);
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await db?.close();
    await temp?.drop();
  });

  it("answers the request with an error, keeps the process and serves the next request", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 100 }] });
    const type = nth(types, 0);
    const user = await makeUser(db.db);
    const bearer = `test:${user.id}:`;
    const hold = () =>
      call(server, "holds.create", bearer, {
        eventId: event.shortId,
        items: [{ ticketTypeId: type.id, quantity: 1 }],
        idempotencyKey: newKey(),
      });

    for (let round = 1; round <= ROUNDS; round++) {
      const held = await hold();
      expect(held.status, `round ${round}: hold`).toBe(200);
      const holdId = (held.body.result as { id: string }).id;
      const confirm = call(server, "bookings.confirm", bearer, {
        holdId,
        attendees: [{ name: "Ada" }],
        idempotencyKey: newKey(),
      });
      await waitFor(
        async () =>
          (
            await rowsOf(
              db.db,
              sql`select 1 from pg_stat_activity where datname = current_database() and query like '%pg_sleep%' and pid <> pg_backend_pid()`,
            )
          ).length > 0,
        15_000,
        "the confirm to pause inside its transaction",
      );
      // Every session of the app: the paused transaction's, the idle ones, LISTEN's.
      await db.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );

      // A fetch that fails here means the server process died under the request.
      const answer = await confirm.catch((error: Error) => ({
        status: 0,
        body: { error: `no answer: ${error.message}\n${server.output()}` },
      }));
      expect(answer.status, `round ${round}: the confirm`).toBeGreaterThanOrEqual(500);
      expect(answer.body.error, `round ${round}: the confirm`).toMatchObject({
        status: expect.any(String),
      });
      // Give a crash its moment: the 'error' event comes after the answer.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(server.process.exitCode, `round ${round}: ${server.output()}`).toBeNull();
      const next = await hold();
      expect(next.status, `round ${round}: the next request`).toBe(200);
    }
  }, 180_000);
});
