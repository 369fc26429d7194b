/**
 * npm run bench:checkout — paid checkouts end to end through the Stripe peer: B signed-in
 * buyers at a time, each: hold 1 card-paid ticket (`holds.create`), start its checkout
 * (`payments.startCheckout`), pay on the peer (its control, as the hosted page's button:
 * the peer then posts the signed webhooks to the server and waits for the answers), then
 * ask `payments.checkoutStatus` until the booking exists (it asks the provider too while
 * open, as the return page does). Against the built server (production mode, its own
 * process) with the peer's env, on a fresh PostgreSQL database made on
 * BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/test), dropped
 * at the end. Then, on the same server and buyers, a hold-only run (hold 1 + release, as
 * bench:holds) for the ratio.
 *
 *   node bench/checkout.ts [--buyers 16] [--checkouts 200] [--seconds 10]
 *
 * Prints checkouts/s with p50/p99 of the whole path and of each step, the webhook events
 * the server answered 2xx per second, oversold (taken vs holds vs tickets vs capacity),
 * and one booking per payment (booked checkouts, their distinct bookings, paid bookings).
 *   BUILD_DIR (default build), DB_POOL_MAX (the server's pool, default 10)
 */
import { randomBytes, randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { paymentAccounts } from "#server/modules/payments/payments.schema.ts";
import { stripeProvider } from "#server/modules/payments/stripe-provider.ts";
import { type DatabaseHandle, openDatabase } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { inventoryOf, makeEvent, nth } from "#tests/support/kits/holds-test-kit.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";
import { type StripePeer, startStripePeer } from "#tests/support/stripe-peer.ts";
import { adminSql } from "./support/admin-sql.ts";
import { agent, callFn } from "./support/callable-client.ts";
import { percentile, report, type Sample } from "./support/latency-report.ts";
import { signedInUsers } from "./support/signed-in-users.ts";

const { values: args } = parseArgs({
  options: {
    buyers: { type: "string", default: "16" },
    checkouts: { type: "string", default: "200" },
    seconds: { type: "string", default: "10" },
  },
});
const buyers = Number(args.buyers);
const total = Number(args.checkouts);
const seconds = Number(args.seconds);
const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const serverPool = process.env.DB_POOL_MAX ?? "10";
const APP_SECRET = randomBytes(32).toString("base64url");
const PUBLIC_URL = "http://bench.invalid";
const WEBHOOK_PATH = "/api/payments/stripe/webhook";

type Person = { token: string; userId: string };
type StepTimes = { hold: number; start: number; pay: number; booked: number; polls: number };

// biome-ignore lint/suspicious/noExplicitAny: the callable answers' results, read by shape
const resultOf = (answer: { body: { result?: unknown } }) => answer.body.result as any;

/** One buyer's paid checkout, start to booking; null with the failing step's code. */
async function oneCheckout(
  server: RunningServer,
  peer: StripePeer,
  database: DatabaseHandle,
  person: Person,
  eventShortId: string,
  ticketTypeId: string,
): Promise<{ code: string; steps?: StepTimes }> {
  const t0 = performance.now();
  const held = await callFn(server, "holds.create", person.token, {
    eventId: eventShortId,
    items: [{ ticketTypeId, quantity: 1 }],
    idempotencyKey: randomUUID(),
  });
  if (!held.body.result) return { code: `hold ${held.body.error?.status ?? held.http}` };
  const t1 = performance.now();
  const started = await callFn(server, "payments.startCheckout", person.token, {
    holdId: held.body.result.id,
    attendees: [{ name: "Bench Buyer" }],
  });
  const checkout = resultOf(started) as { checkoutId: string } | undefined;
  if (!checkout) return { code: `start ${started.body.error?.status ?? started.http}` };
  const t2 = performance.now();
  const [row] = await rowsOf<{ session: string }>(
    database.db,
    sql`select provider_checkout_id as session from checkouts where id = ${checkout.checkoutId}`,
  );
  // The hosted page's "Pay": the peer records the payment and posts its webhooks.
  await peer.pay(row?.session ?? "");
  const t3 = performance.now();
  let polls = 0;
  for (;;) {
    polls++;
    const status = await callFn(server, "payments.checkoutStatus", person.token, {
      checkoutId: checkout.checkoutId,
    });
    const view = resultOf(status) as { status: string; bookingReference: string | null };
    if (!view) return { code: `status ${status.body.error?.status ?? status.http}` };
    if (view.bookingReference) break;
    if (view.status !== "open") return { code: `checkout ${view.status}` };
    if (polls > 200) return { code: "never booked" };
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const t4 = performance.now();
  return {
    code: "ok",
    steps: { hold: t1 - t0, start: t2 - t1, pay: t3 - t2, booked: t4 - t3, polls },
  };
}

async function checkoutRun(
  server: RunningServer,
  peer: StripePeer,
  database: DatabaseHandle,
  people: Person[],
  eventShortId: string,
  ticketTypeId: string,
) {
  const samples: Sample[] = [];
  const steps: StepTimes[] = [];
  let next = 0;
  const deliveredBefore = peer.deliveries.reduce((n, d) => n + d.delivered, 0);
  const started = performance.now();
  await Promise.all(
    people.map(async (person) => {
      while (next++ < total) {
        const t0 = performance.now();
        const done = await oneCheckout(server, peer, database, person, eventShortId, ticketTypeId);
        samples.push({ ms: performance.now() - t0, code: done.code });
        if (done.steps) steps.push(done.steps);
      }
    }),
  );
  await peer.idle();
  const elapsed = performance.now() - started;
  const rate = report("checkout, whole path", samples, elapsed, false, "checkouts");
  // Where the time goes: hold, start (our row + the provider's session), pay (the peer
  // and the webhooks it waits for), booked (status asks until the booking shows).
  for (const step of ["hold", "start", "pay", "booked"] as const) {
    const sorted = steps.map((s) => s[step]).sort((a, b) => a - b);
    console.log(
      `  step ${step.padEnd(7)} p50 ${percentile(sorted, 50).toFixed(1)} ms  p99 ${percentile(sorted, 99).toFixed(1)} ms`,
    );
  }
  const polls = steps.reduce((n, s) => n + s.polls, 0) / Math.max(1, steps.length);
  console.log(`  status asks per checkout until booked: ${polls.toFixed(2)}`);
  const records = peer.deliveries;
  const answered = records.reduce((n, d) => n + d.delivered, 0) - deliveredBefore;
  const statuses = new Map<number, number>();
  for (const d of records) for (const s of d.attempts) statuses.set(s, (statuses.get(s) ?? 0) + 1);
  console.log(
    `webhook events answered 2xx: ${answered} (${(answered / (elapsed / 1000)).toFixed(0)}/s); ` +
      `answers by HTTP status: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(" ")}`,
  );
  if (answered === 0)
    console.log(
      `  no webhook was taken: this build has no POST ${WEBHOOK_PATH}, so every booking ` +
        "came from payments.checkoutStatus asking the provider (the return page's path)",
    );
  return rate;
}

/** Hold 1 and release, as bench:holds, on the same server and buyers: the ratio's base. */
async function holdOnlyRun(
  server: RunningServer,
  people: Person[],
  eventShortId: string,
  ticketTypeId: string,
) {
  const samples: Sample[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    people.map(async ({ token }) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const held = await callFn(server, "holds.create", token, {
          eventId: eventShortId,
          items: [{ ticketTypeId, quantity: 1 }],
          idempotencyKey: randomUUID(),
        });
        const ms = performance.now() - t0;
        if (!held.body.result) {
          samples.push({ ms, code: `${held.http} ${held.body.error?.status ?? "?"}` });
          continue;
        }
        samples.push({ ms, code: "ok" });
        await callFn(server, "holds.release", token, { holdId: held.body.result.id });
      }
    }),
  );
  return report("hold 1 + release", samples, performance.now() - started);
}

async function checkTotals(database: DatabaseHandle, ticketTypeId: string) {
  const counts = await inventoryOf(database.db, ticketTypeId);
  const over =
    Math.max(0, counts.taken - counts.capacity) +
    Math.abs(counts.taken - counts.held - counts.ticketed);
  console.log(
    `oversold: ${over}  (taken ${counts.taken}, live holds ${counts.held}, tickets ${counts.ticketed}, capacity ${counts.capacity})`,
  );
  const [paid] = await rowsOf<{
    booked: number;
    bookings: number;
    paid: number;
    payments: number;
  }>(
    database.db,
    sql`select
      (select count(*)::int from checkouts where status = 'booked') as booked,
      (select count(distinct booking_id)::int from checkouts where booking_id is not null) as bookings,
      (select count(*)::int from bookings where payment_status = 'paid') as paid,
      (select count(distinct payment_reference)::int from checkouts where status = 'booked') as payments`,
  );
  const one =
    paid &&
    paid.booked === paid.bookings &&
    paid.bookings === paid.paid &&
    paid.paid === paid.payments;
  console.log(
    `one booking per payment: ${one ? "yes" : "NO"}  (booked checkouts ${paid?.booked}, their bookings ${paid?.bookings}, paid bookings ${paid?.paid}, payments ${paid?.payments})`,
  );
}

const name = `bench_checkout_${randomBytes(4).toString("hex")}`;
await adminSql(baseUrl, `create database ${name}`);
const url = new URL(baseUrl);
url.pathname = `/${name}`;
const databaseUrl = url.toString();
let database: DatabaseHandle | undefined;
let server: RunningServer | undefined;
let peer: StripePeer | undefined;
try {
  database = await openDatabase({ databaseUrl, pgliteDir: "", poolMax: 8 });
  peer = await startStripePeer();
  server = await spawnServer({
    env: {
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      APP_SECRET,
      PUBLIC_URL,
      ALLOW_OUTBOX_IN_PRODUCTION: "true",
      DB_POOL_MAX: serverPool,
      LOG_LEVEL: "warn",
      // The reconciliation would settle the same checkouts: off, so the figure is the flow's.
      CHECKOUT_RECONCILE_SECONDS: "0",
      ...peer.env(),
    },
  });
  peer.setWebhookUrl(`${server.url}${WEBHOOK_PATH}`);
  const made = await makeEvent(database.db, {
    types: [{ priceMinor: 2500, capacity: total + 10 }],
  });
  await database.db.execute(
    sql`update ticket_types set payment_method = 'card', currency = 'EUR' where event_id = ${made.event.id}`,
  );
  // The business's connected account, made on the peer through the adapter and onboarded.
  const account = await stripeProvider(peer.env()).createAccount({
    businessId: made.business.id,
    email: "organiser@bench.invalid",
    idempotencyKey: randomUUID(),
  });
  await peer.completeOnboarding(account.accountId, "active");
  await database.db.insert(paymentAccounts).values({
    businessId: made.business.id,
    provider: "stripe",
    accountId: account.accountId,
    state: "active",
  });
  const type = nth(made.types, 0);
  const people = await signedInUsers(database, buyers, APP_SECRET, PUBLIC_URL);
  console.log(
    `paid checkouts end to end through the Stripe peer: ${total} checkouts, ${buyers} buyers at a time, server pool ${serverPool}`,
  );
  const checkouts = await checkoutRun(server, peer, database, people, made.event.shortId, type.id);
  await checkTotals(database, type.id);
  const holdType = await makeEvent(database.db, { types: [{ capacity: 1_000_000 }] });
  console.log(`hold-only, same server and buyers, ${seconds} s:`);
  const holds = await holdOnlyRun(
    server,
    people,
    holdType.event.shortId,
    nth(holdType.types, 0).id,
  );
  console.log(
    `ratio checkouts/holds: ${(checkouts / (holds || 1)).toFixed(3)} (a paid checkout costs about ${(holds / (checkouts || 1)).toFixed(1)} hold+release round trips)`,
  );
  if (server.output().includes('"level":50'))
    console.log("server logged errors:\n", server.output().slice(-2000));
} finally {
  agent.destroy();
  await server?.stop();
  await peer?.close();
  await database?.close();
  await adminSql(baseUrl, `drop database if exists ${name} with (force)`);
}
