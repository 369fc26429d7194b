import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { makeEvent, nth } from "#tests/support/kits/holds-test-kit.ts";
import { createTempDatabase, testDatabaseUrl } from "#tests/support/postgres.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";
import { callFunction, waitFor } from "#tests/support/spawned-calls.ts";
import { type StripePeer, startStripePeer } from "#tests/support/stripe-peer.ts";
import { refundsByPayment } from "#tests/support/stripe-peer-seed.ts";

const ORDERS = 2000;
/** One ticket of 2000 cents and its booking fee of 130 per order. */
const TOTAL = 2130;
const FEE = 130;
/** The server is killed once this many refunds reached the peer (some sent, most not). */
const KILL_AFTER = 300;

/**
 * An event with 2,000 orders paid by card (bulk SQL, their payments real at the Stripe
 * peer) is cancelled on a server in its own process; the server is SIGKILLed while its
 * refund runner is sending the refunds, and a new one started on the same database:
 * every order is refunded exactly once at the peer (one refund per payment, the whole
 * amount) and every holder gets one notice of the cancellation. Needs TEST_DATABASE_URL.
 */
describe.skipIf(!testDatabaseUrl)("event cancellation refunds survive a SIGKILL", () => {
  let temp: Awaited<ReturnType<typeof createTempDatabase>>;
  let db: DatabaseHandle;
  let peer: StripePeer;
  const servers: RunningServer[] = [];
  const start = () =>
    spawnServer({
      env: {
        NODE_ENV: "test",
        DATABASE_URL: temp.url,
        PGLITE_DIR: "",
        APP_SECRET: "k".repeat(32),
        HOLD_SWEEP_SECONDS: "0",
        CHECKOUT_RECONCILE_SECONDS: "0",
        REFUND_RUNNER_SECONDS: "1",
        ...peer.env(),
      },
    }).then((server) => {
      servers.push(server);
      return server;
    });

  beforeAll(async () => {
    temp = await createTempDatabase("refundcrash");
    peer = await startStripePeer();
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) await server.stop("SIGKILL");
    await peer?.close();
    await db?.close();
    await temp?.drop();
  });

  const count = async (query: ReturnType<typeof sql>) =>
    Number((await rowsOf<{ n: number | string }>(db.db, query))[0]?.n ?? 0);

  /** ORDERS buyers, each with one paid booking of one ticket, its checkout naming a payment. */
  async function paidOrders(eventId: string, businessId: string, typeId: string) {
    const intents = peer.seedPayments({ count: ORDERS, amountMinor: TOTAL, currency: "eur" });
    const tag = randomUUID().slice(0, 8);
    await db.db.execute(sql`
      with buyers as (
        insert into users (name, phone)
        select 'Buyer ' || n, '+1555' || ${tag} || lpad(n::text, 6, '0')
        from generate_series(1, ${ORDERS}::int) as n
        returning id, (regexp_replace(name, '\\D', '', 'g'))::int as n
      ), held as (
        insert into holds (user_id, event_id, status, expires_at)
        select id, ${eventId}::uuid, 'converted', now() from buyers
        returning id, user_id
      ), booked as (
        insert into bookings (reference, user_id, event_id, hold_id, payment_status,
          payment_provider, total_minor, fees_minor, currency)
        select upper(${tag}) || '-' || b.n, b.id, ${eventId}::uuid, h.id, 'paid', 'stripe',
          ${TOTAL}, ${FEE}, 'eur'
        from buyers b join held h on h.user_id = b.id
        returning id, user_id, hold_id
      ), ticketed as (
        insert into tickets (booking_id, event_id, ticket_type_id, holder_user_id, attendee_name, secret)
        select k.id, ${eventId}::uuid, ${typeId}::uuid, k.user_id, 'Holder', md5(random()::text || k.id::text)
        from booked k
        returning id
      )
      insert into checkouts (hold_id, user_id, event_id, business_id, provider, status,
        attendees, currency, tickets_minor, fees_minor, tax_minor, total_minor,
        application_fee_minor, expires_at, paid_amount_minor, paid_currency,
        payment_reference, booking_id, settled_at)
      select k.hold_id, k.user_id, ${eventId}::uuid, ${businessId}::uuid, 'stripe', 'booked',
        '[{"name":"Holder"}]'::jsonb, 'eur', ${TOTAL - FEE}, ${FEE}, 0, ${TOTAL}, ${FEE},
        now(), ${TOTAL}, 'eur',
        (${`{${intents.join(",")}}`}::text[])[b.n], k.id, now()
      from booked k join buyers b on b.id = k.user_id`);
    await db.db.execute(sql`update ticket_types set taken = ${ORDERS}, payment_method = 'card',
      currency = 'EUR' where id = ${typeId}::uuid`);
    return intents;
  }

  it("refunds each of 2,000 paid orders exactly once and tells each holder once", async () => {
    db = await openDatabase({ databaseUrl: temp.url, pgliteDir: "", poolMax: 4 });
    const first = await start();
    const { event, types, owner, business } = await makeEvent(db.db, {
      types: [{ priceMinor: 2000, capacity: ORDERS }],
    });
    const intents = await paidOrders(event.id, business.id, nth(types, 0).id);
    expect(intents).toHaveLength(ORDERS);

    const started = Date.now();
    const cancelled = await callFunction(first, "events.cancel", `test:${owner.id}:`, {
      eventId: event.id,
      reason: "Flooded hall",
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(
      await count(sql`select count(*) as n from refunds where event_id = ${event.id}
        and source = 'event-cancelled' and status = 'requested'`),
    ).toBe(ORDERS);

    await waitFor(
      async () => peer.store.refunds.size >= KILL_AFTER,
      30_000,
      `${KILL_AFTER} refunds at the peer`,
    );
    await first.stop("SIGKILL");
    const atPeerWhenKilled = peer.store.refunds.size;
    const recordedWhenKilled = await count(
      sql`select count(*) as n from refunds where event_id = ${event.id} and status <> 'requested'`,
    );
    expect(atPeerWhenKilled).toBeLessThan(ORDERS);

    await start();
    await waitFor(
      async () =>
        (await count(sql`select count(*) as n from refunds
          where event_id = ${event.id} and status = 'requested'`)) === 0,
      45_000,
      "every refund to be sent after the restart",
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);

    // At the peer: one refund per payment, of the whole amount, none failed.
    const byPayment = refundsByPayment(peer.store);
    expect(Object.keys(byPayment)).toHaveLength(ORDERS);
    const notOnce = intents.filter((intent) => byPayment[intent]?.length !== 1);
    expect(notOnce).toEqual([]);
    expect(
      intents.filter(
        (intent) =>
          byPayment[intent]?.[0]?.amount !== TOTAL ||
          byPayment[intent]?.[0]?.status !== "succeeded",
      ),
    ).toEqual([]);
    // In the database: each refund succeeded with the peer's refund id, each booking refunded.
    const recorded = await rowsOf<{ payment_reference: string; provider_refund_id: string }>(
      db.db,
      sql`select payment_reference, provider_refund_id from refunds
          where event_id = ${event.id} and status = 'succeeded' and amount_minor = ${TOTAL}
            and fees_minor = ${FEE} and cardinality(ticket_ids) = 1`,
    );
    expect(recorded).toHaveLength(ORDERS);
    expect(
      recorded.filter((r) => byPayment[r.payment_reference]?.[0]?.id !== r.provider_refund_id),
    ).toEqual([]);
    expect(
      await count(sql`select count(*) as n from bookings where event_id = ${event.id}
        and status = 'cancelled' and payment_status = 'refunded' and refunded_minor = total_minor`),
    ).toBe(ORDERS);

    // Every holder told once (in-app; the fan-out finishes on the new server).
    await waitFor(
      async () =>
        (await count(sql`select count(*) as n from notifications where kind = 'event-cancelled'
          and user_id in (select user_id from bookings where event_id = ${event.id})`)) >= ORDERS,
      30_000,
      "every holder to be told",
    );
    expect(
      await count(sql`select count(*) - count(distinct user_id) as n from notifications
        where kind = 'event-cancelled'
          and user_id in (select user_id from bookings where event_id = ${event.id})`),
    ).toBe(0);
    const [notice] = await rowsOf<{ body: string }>(
      db.db,
      sql`select body from notifications where kind = 'event-cancelled' limit 1`,
    );
    expect(notice?.body).toContain("refunded to the card");
    console.log(
      `event-cancellation refunds: ${ORDERS} orders; at the peer when killed: ${atPeerWhenKilled} (recorded: ${recordedWhenKilled}); after the restart: ${peer.store.refunds.size} refunds, one per payment; ${seconds} s from the cancel to the last refund`,
    );
  }, 120_000);
});
