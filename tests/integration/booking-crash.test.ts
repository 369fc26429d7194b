import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, idempotencyKeys } from "#server/modules/bookings/bookings.schema.ts";
import { holds } from "#server/modules/holds/holds.schema.ts";
import { tickets } from "#server/modules/tickets/tickets.schema.ts";
import { type DatabaseHandle, openDatabase } from "#server/platform/db/database.ts";
import {
  expireNow,
  inventoryOf,
  makeEvent,
  makeUser,
  newKey,
  nth,
} from "#tests/support/kits/holds-test-kit.ts";
import { createTempDatabase, testDatabaseUrl } from "#tests/support/postgres.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";
import { callFunction as call, waitFor } from "#tests/support/spawned-calls.ts";

const PAUSE_MS = 3_000;

describe.skipIf(!testDatabaseUrl)("a server killed in the middle of a confirm", () => {
  let temp: Awaited<ReturnType<typeof createTempDatabase>>;
  let db: DatabaseHandle;
  const servers: RunningServer[] = [];
  const start = async (env: Record<string, string>) => {
    const server = await spawnServer({
      env: {
        NODE_ENV: "test",
        DATABASE_URL: temp.url,
        APP_SECRET: "k".repeat(32),
        ...env,
      },
    });
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    temp = await createTempDatabase("crash", { migrated: true });
  });
  afterAll(async () => {
    for (const server of servers) await server.stop("SIGKILL");
    await db?.close();
    await temp?.drop();
  });

  it("leaves no half booking, and the hold still expires and frees its tickets", async () => {
    const server = await start({
      TEST_CONFIRM_PAUSE_MS: String(PAUSE_MS),
      HOLD_SWEEP_SECONDS: "0",
    });
    db = await openDatabase({ databaseUrl: temp.url, pgliteDir: "", poolMax: 4 });
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 10 }] });
    const type = nth(types, 0);
    const user = await makeUser(db.db);
    const bearer = `test:${user.id}:`;
    const held = await call(server, "holds.create", bearer, {
      eventId: event.shortId,
      items: [{ ticketTypeId: type.id, quantity: 2 }],
      idempotencyKey: newKey(),
    });
    expect(held.status).toBe(200);
    const holdId = (held.body.result as { id: string }).id;

    const confirm = call(server, "bookings.confirm", bearer, {
      holdId,
      attendees: [{ name: "Ada" }, { name: "Alan" }],
      idempotencyKey: newKey(),
    }).catch((error: unknown) => error);
    // Inside the transaction: the hold is claimed, the key inserted, nothing committed.
    await waitFor(
      async () => {
        const result = await db.db.execute(
          sql`select 1 from pg_stat_activity where datname = current_database() and query like '%pg_sleep%' and pid <> pg_backend_pid()`,
        );
        return (result as unknown as { rows: unknown[] }).rows.length > 0;
      },
      10_000,
      "the confirm to pause",
    );
    // The confirm holds the claimed hold's row lock: it is mid-transaction, past the claim.
    const locked = await db.db
      .execute(sql`select id from holds where id = ${holdId} for update nowait`)
      .then(
        () => null,
        (error: { cause?: { code?: string }; code?: string }) => error.cause?.code ?? error.code,
      );
    expect(locked).toBe("55P03");
    server.process.kill("SIGKILL");
    expect(await confirm).toBeInstanceOf(Error);

    // PostgreSQL rolls the transaction back once it finds its client gone.
    await waitFor(
      async () => {
        const result = await db.db.execute(
          sql`select 1 from pg_stat_activity where datname = current_database() and state like 'idle in transaction%' or (datname = current_database() and query like '%pg_sleep%' and pid <> pg_backend_pid())`,
        );
        return (result as unknown as { rows: unknown[] }).rows.length === 0;
      },
      PAUSE_MS + 10_000,
      "the dead transaction to end",
    );
    expect(await db.db.select().from(bookings)).toEqual([]);
    expect(await db.db.select().from(tickets)).toEqual([]);
    expect(
      await db.db
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.scope, "bookings.confirm")),
    ).toEqual([]);
    const [hold] = await db.db.select().from(holds).where(eq(holds.id, holdId));
    expect(hold?.status).toBe("active");
    expect(await inventoryOf(db.db, type.id)).toMatchObject({ taken: 2, held: 2, ticketed: 0 });

    // A new instance's periodic sweep frees the hold once it runs out.
    await start({ HOLD_SWEEP_SECONDS: "1" });
    await expireNow(db.db, holdId);
    await waitFor(
      async () => (await inventoryOf(db.db, type.id)).taken === 0,
      15_000,
      "the sweep to free the hold",
    );
    const [after] = await db.db.select().from(holds).where(eq(holds.id, holdId));
    expect(after?.status).toBe("expired");
    expect(await inventoryOf(db.db, type.id)).toMatchObject({ taken: 0, held: 0, ticketed: 0 });
  }, 120_000);
});
