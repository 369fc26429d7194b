import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { attendeeMessagesKit } from "#tests/support/kits/attendee-messages-test-kit.ts";
import {
  deliveriesOf,
  insertEndpoint,
  startWebhookReceiver,
  type WebhookReceiver,
} from "#tests/support/kits/webhook-test-kit.ts";
import { createTempDatabase, testDatabaseUrl } from "#tests/support/postgres.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";
import { callFunction, waitFor } from "#tests/support/spawned-calls.ts";

/**
 * A webhook of a real change (`events.unpublish`) whose server is SIGKILLed while the receiver holds the request unanswered: a
 * new server on the same database sends it again once the dead one's lease lapses, with
 * the same webhook-id, and it is delivered once, then never again. Needs TEST_DATABASE_URL.
 */
describe.runIf(testDatabaseUrl)("a webhook survives its server being killed mid-delivery", () => {
  let temp: Awaited<ReturnType<typeof createTempDatabase>>;
  let database: DatabaseHandle;
  let receiver: WebhookReceiver;
  const servers: RunningServer[] = [];
  const start = async () => {
    const server = await spawnServer({
      env: {
        NODE_ENV: "test",
        DATABASE_URL: temp.url,
        PGLITE_DIR: "",
        DEMO_DATA: "off",
        // A 2 s timeout: the lease of an attempt lapses 7 s after it began.
        WEBHOOK_TIMEOUT_SECONDS: "2",
      },
    });
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    temp = await createTempDatabase("webhook_crash", { migrated: true });
    // The first request is never answered (its sender dies), every later one gets 200.
    receiver = await startWebhookReceiver(["hang", 200]);
    database = await openDatabase({ databaseUrl: temp.url, pgliteDir: "", poolMax: 2 });
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) await server.stop("SIGKILL");
    await database?.close();
    await temp?.drop();
    await receiver?.close();
  });

  it("is delivered after the restart, once", async () => {
    const kit = await attendeeMessagesKit(database);
    const owner = await kit.owner("pro");
    const endpoint = await insertEndpoint(database.db, owner.business.id, `${receiver.url}/in`, [
      "event.updated",
    ]);
    const first = await start();
    // A real change through the server: its transaction queues the delivery.
    const unpublished = await callFunction(first, "events.unpublish", `test:${owner.user.id}:`, {
      eventId: owner.event.id,
    });
    expect(unpublished.status).toBe(200);
    await waitFor(async () => receiver.requests.length === 1, 30_000, "the first attempt");
    const [during] = await deliveriesOf(database.db, endpoint.id);
    expect(during).toMatchObject({ status: "pending", attempts: 1 });
    expect(during?.lease_until).not.toBeNull();
    await first.stop("SIGKILL");

    await start();
    await waitFor(
      async () => (await deliveriesOf(database.db, endpoint.id))[0]?.status === "delivered",
      60_000,
      "the delivery after the restart",
    );
    // Long enough for a wrongly repeated attempt (the worker looks every second).
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const got = receiver.verified(endpoint.secret);
    expect(got).toHaveLength(2);
    expect(got[1]?.id).toBe(got[0]?.id);
    expect(got[1]?.id).toBe(during?.event_id);
    expect(got[1]?.body).toMatchObject({
      type: "event.updated",
      data: { eventId: owner.event.id, status: "draft" },
    });
    const [after] = await deliveriesOf(database.db, endpoint.id);
    expect(after).toMatchObject({ status: "delivered", attempts: 2, last_status_code: 200 });
    const [count] = await rowsOf<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from webhook_deliveries where endpoint_id = ${endpoint.id}`,
    );
    expect(count?.n).toBe(1);
  }, 120_000);
});
