/**
 * npm run bench:webhooks — webhooks (decision 039), on a new database on
 * BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/test), dropped
 * at the end.
 * 1. What emitting costs the change's transaction: BENCH_CHANGES transactions one after
 *    another, each an event row's update, alone, then with `emitWebhook` for a business
 *    without endpoints, then for one with 2 endpoints wanting it; p50/p99 per
 *    transaction and the ratios to the bare update.
 * 2. Delivery: BENCH_DELIVERIES events committed at once for an endpoint on a local
 *    receiver, delivered by the built server (production mode, its own process), with 1
 *    then 2 instances: deliveries a second, and the delay from commit to arrival (p50,
 *    p99, max), checking that each arrived once with a valid signature.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { loadSettings } from "#server/config.ts";
import { emitWebhook, emitWebhooks } from "#server/modules/webhooks/emit-webhook.ts";
import { openDatabase } from "#server/platform/db/database.ts";
import { createServices } from "#server/platform/runtime/create-services.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";
import { businessOwner, insertEvent } from "#tests/support/kits/business-test-kit.ts";
import { insertEndpoint, startWebhookReceiver } from "#tests/support/kits/webhook-test-kit.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";
import { adminSql } from "./support/admin-sql.ts";
import { percentile } from "./support/latency-report.ts";

const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const CHANGES = Number(process.env.BENCH_CHANGES ?? 2000);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 2000);

const name = `bench_webhooks_${randomBytes(4).toString("hex")}`;
await adminSql(baseUrl, `create database ${name}`);
const url = new URL(baseUrl);
url.pathname = `/${name}`;
const env = {
  NODE_ENV: "production",
  DATABASE_URL: url.toString(),
  APP_SECRET: randomBytes(32).toString("base64url"),
  PUBLIC_URL: "http://bench.invalid",
  ALLOW_OUTBOX_IN_PRODUCTION: "true",
  LOG_LEVEL: "warn",
  DEMO_DATA: "off",
  WEB_CONCURRENCY: "1",
  // The receiver is on this machine, refused in production otherwise.
  WEBHOOK_PRIVATE_NETWORKS: "allow",
};
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: "", poolMax: 4 });
const servers: RunningServer[] = [];
const receiver = await startWebhookReceiver();
const ms = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(2)} ms  p99 ${percentile(sorted, 99).toFixed(2)} ms`;
};
const p50 = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

try {
  const services = await createServices(
    loadSettings({ ...env, PGLITE_DIR: "" }),
    database,
    createLogger("silent"),
  );
  const quiet = await businessOwner(services, "pro");
  const busy = await businessOwner(services, "pro");
  const quietEvent = await insertEvent(database.db, quiet.business.id, "published");
  const busyEvent = await insertEvent(database.db, busy.business.id, "published");
  // Wanting it, but switched off for this part: rows are written, none is sent yet.
  for (let i = 0; i < 2; i++) {
    await insertEndpoint(database.db, busy.business.id, receiver.url, ["event.updated"], {
      enabled: i === 0,
    });
  }
  await database.db.execute(sql`update webhook_endpoints set enabled = true`);

  /** CHANGES transactions, one after another: each an update of the event, with `emit`. */
  async function changes(eventId: string, emit: boolean) {
    const times: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const start = performance.now();
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`update events set updated_at = now() where id = ${eventId}`);
        if (emit) {
          await emitWebhook(tx, {
            eventId,
            type: "event.updated",
            data: { eventId, status: "published" },
          });
        }
      });
      times.push(performance.now() - start);
    }
    return times;
  }
  console.log(
    `1. emitting in the change's transaction (${CHANGES} transactions each, one at a time)`,
  );
  await changes(quietEvent.id, false); // warm-up
  const bare = await changes(quietEvent.id, false);
  const none = await changes(quietEvent.id, true);
  const two = await changes(busyEvent.id, true);
  console.log(`   update alone                  ${ms(bare)}`);
  console.log(
    `   + emit, no endpoints          ${ms(none)}  ×${(p50(none) / p50(bare)).toFixed(2)} p50`,
  );
  console.log(
    `   + emit, 2 endpoints want it   ${ms(two)}  ×${(p50(two) / p50(bare)).toFixed(2)} p50`,
  );
  await database.db.execute(sql`delete from webhook_deliveries`);
  await database.db.execute(sql`delete from webhook_endpoints`);

  const endpoint = await insertEndpoint(database.db, busy.business.id, receiver.url, [
    "order.created",
  ]);
  console.log(`2. delivering ${DELIVERIES} events to a local receiver (commit to arrival)`);
  for (const instances of [1, 2]) {
    while (servers.length < instances) servers.push(await spawnServer({ env }));
    receiver.requests.length = 0;
    const arrivals: number[] = [];
    const committedAt = Date.now();
    await emitWebhooks(
      database.db,
      Array.from({ length: DELIVERIES }, (_, i) => ({
        eventId: busyEvent.id,
        type: "order.created" as const,
        data: { orderId: `bench-${instances}-${i}`, eventId: busyEvent.id, status: "free" },
      })),
    );
    const deadline = Date.now() + 120_000;
    let seen = 0;
    while (receiver.requests.length < DELIVERIES && Date.now() < deadline) {
      const now = Date.now();
      for (; seen < receiver.requests.length; seen++) arrivals.push(now - committedAt);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    for (; seen < receiver.requests.length; seen++) arrivals.push(Date.now() - committedAt);
    const elapsed = (arrivals.at(-1) ?? 0) / 1000;
    const ids = receiver.verified(endpoint.secret).map((got) => got.id);
    const once = new Set(ids).size === ids.length && ids.length === DELIVERIES;
    const sorted = [...arrivals].sort((a, b) => a - b);
    console.log(
      `   ${instances} instance${instances > 1 ? "s" : " "}  ${(ids.length / elapsed).toFixed(0).padStart(5)} deliveries/s  ` +
        `commit→arrival p50 ${percentile(sorted, 50)} ms  p99 ${percentile(sorted, 99)} ms  ` +
        `max ${sorted.at(-1)} ms  ${ids.length}/${DELIVERIES} arrived, each once and signed: ${once}`,
    );
  }
} finally {
  for (const server of servers) await server.stop();
  await receiver.close();
  await database.close();
  await adminSql(baseUrl, `drop database if exists ${name} with (force)`);
}
