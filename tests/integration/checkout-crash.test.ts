import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "#server/modules/bookings/bookings.schema.ts";
import { checkouts } from "#server/modules/payments/payments.schema.ts";
import { tickets } from "#server/modules/tickets/tickets.schema.ts";
import { type DatabaseHandle, openDatabase } from "#server/platform/db/database.ts";
import { attendees, checkoutKit } from "#tests/support/kits/checkout-test-kit.ts";
import { inventoryOf, makeUser, newKey, nth } from "#tests/support/kits/holds-test-kit.ts";
import { createTempDatabase, testDatabaseUrl } from "#tests/support/postgres.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";
import { callFunction as call, waitFor } from "#tests/support/spawned-calls.ts";
import { type StripePeer, startStripePeer } from "#tests/support/stripe-peer.ts";

const PAUSE_MS = 3_000;

const sleeping = async (db: DatabaseHandle) => {
  const result = await db.db.execute(
    sql`select 1 from pg_stat_activity where datname = current_database()
        and query like '%pg_sleep%' and pid <> pg_backend_pid()`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
};

describe.skipIf(!testDatabaseUrl)(
  "a server killed between the provider's success and our commit",
  () => {
    let temp: Awaited<ReturnType<typeof createTempDatabase>>;
    let db: DatabaseHandle;
    let peer: StripePeer;
    const servers: RunningServer[] = [];
    const start = async (env: Record<string, string>) => {
      const server = await spawnServer({
        env: {
          NODE_ENV: "test",
          DATABASE_URL: temp.url,
          APP_SECRET: "k".repeat(32),
          HOLD_SWEEP_SECONDS: "0",
          ...peer.env(),
          PLATFORM_FEE_PERCENT: "5",
          PLATFORM_FEE_FIXED_MINOR: "30",
          ...env,
        },
      });
      servers.push(server);
      return server;
    };

    beforeAll(async () => {
      temp = await createTempDatabase("checkoutcrash", { migrated: true });
      peer = await startStripePeer();
    });
    afterAll(async () => {
      for (const server of servers) await server.stop("SIGKILL");
      await peer?.close();
      await db?.close();
      await temp?.drop();
    });

    it("leaves the paid checkout open, and after a restart the reconciliation books it once", async () => {
      const server = await start({
        TEST_SETTLE_PAUSE_MS: String(PAUSE_MS),
        CHECKOUT_RECONCILE_SECONDS: "0",
      });
      db = await openDatabase({ databaseUrl: temp.url, pgliteDir: "", poolMax: 4 });
      const kit = await checkoutKit(db, peer);
      const { event, types } = await kit.cardEvent({ types: [{ priceMinor: 2000, capacity: 5 }] });
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
      const started = await call(server, "payments.startCheckout", bearer, {
        holdId,
        attendees: attendees(2),
      });
      expect(started.status).toBe(200);
      const checkoutId = (started.body.result as { checkoutId: string }).checkoutId;
      const [row] = await db.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
      await peer.pay(row?.providerCheckoutId ?? "");

      // The return page settles it: the hold claimed, then the pause inside the transaction.
      const returning = call(server, "payments.checkoutStatus", bearer, { checkoutId }).catch(
        (error: unknown) => error,
      );
      await waitFor(() => sleeping(db), 10_000, "the settlement to pause");
      server.process.kill("SIGKILL");
      expect(await returning).toBeInstanceOf(Error);
      await waitFor(
        async () => !(await sleeping(db)),
        PAUSE_MS + 10_000,
        "the dead transaction to end",
      );
      expect(await db.db.select().from(bookings)).toEqual([]);
      const [open] = await db.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
      expect(open).toMatchObject({ status: "open", bookingId: null });

      // No webhook comes (none is delivered here); past its expiry the reconciliation asks.
      await db.db.execute(
        sql`update checkouts set expires_at = now() - interval '1 minute' where id = ${checkoutId}`,
      );
      await start({ CHECKOUT_RECONCILE_SECONDS: "1" });
      await waitFor(
        async () => (await db.db.select().from(bookings)).length > 0,
        20_000,
        "the reconciliation to book the paid checkout",
      );
      // Another round or two changes nothing.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const made = await db.db.select().from(bookings);
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({
        holdId,
        userId: user.id,
        paymentStatus: "paid",
        paymentProvider: "stripe",
        totalMinor: 4260,
      });
      expect(
        await db.db
          .select()
          .from(tickets)
          .where(eq(tickets.bookingId, made[0]?.id ?? "")),
      ).toHaveLength(2);
      const [booked] = await db.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
      expect(booked).toMatchObject({ status: "booked", bookingId: made[0]?.id });
      expect(await inventoryOf(db.db, type.id)).toMatchObject({ taken: 2, ticketed: 2, held: 0 });
    }, 120_000);
  },
);
