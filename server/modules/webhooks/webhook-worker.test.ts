import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type WebhookEventType, webhookEventTypes } from "#contract/webhooks.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { postgresOnly, type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { businessOwner, insertEvent } from "#tests/support/kits/business-test-kit.ts";
import { type ProfileTestKit, profileTestKit } from "#tests/support/kits/profile-test-kit.ts";
import {
  deliveriesOf,
  insertEndpoint,
  type ReceiverAnswer,
  startWebhookReceiver,
  type WebhookReceiver,
} from "#tests/support/kits/webhook-test-kit.ts";
import { emitWebhook, emitWebhooks } from "./emit-webhook.ts";
import { SWITCHED_OFF_REASON } from "./switch-off-endpoint.ts";
import { webhookBodySchema } from "./webhook-data.ts";
import { deliverDueWebhooks, type WebhookWorkerDeps } from "./webhook-worker.ts";

const sampleData: Record<WebhookEventType, (eventId: string) => object> = {
  "order.created": (eventId) => ({ orderId: "o1", eventId, status: "free" }),
  "order.paid": (eventId) => ({ orderId: "o1", eventId, amountMinor: 2500, currency: "GBP" }),
  "order.refunded": (eventId) => ({ orderId: "o1", eventId, amountMinor: 500, currency: "GBP" }),
  "ticket.assigned": (eventId) => ({ ticketId: "t1", orderId: "o1", eventId }),
  "ticket.checked_in": (eventId) => ({
    ticketId: "t1",
    eventId,
    checkedInAt: "2026-11-27T19:00:00.000Z",
  }),
  "event.updated": (eventId) => ({ eventId, status: "published" }),
};

describe.each(testDatabases)("webhook delivery on $name", (database) => {
  let db: TestDatabase;
  let kit: ProfileTestKit;
  const receivers: WebhookReceiver[] = [];
  beforeAll(async () => {
    db = await database.open();
    kit = await profileTestKit(db);
  }, 120_000);
  afterAll(async () => {
    for (const receiver of receivers) await receiver.close();
    await db?.dispose();
  });

  const deps = (): WebhookWorkerDeps => ({
    messages: kit.services.messages,
    publicUrl: kit.services.settings.PUBLIC_URL,
    log: kit.services.log,
    privateNetworks: true,
    // Retries due at once, so a test runs them by calling the worker again.
    schedule: { timeoutSeconds: 1, retryDelaysSeconds: [0] },
  });
  const deliver = () => deliverDueWebhooks(db.db, deps());

  /** An owner, their published event, a receiver answering `answers` and an endpoint to it. */
  async function setUp(answers: ReceiverAnswer[] = [], events?: WebhookEventType[]) {
    const { user, business } = await businessOwner(kit.services);
    const event = await insertEvent(db.db, business.id, "published");
    const receiver = await startWebhookReceiver(answers);
    receivers.push(receiver);
    const endpoint = await insertEndpoint(db.db, business.id, `${receiver.url}/hooks`, events);
    return { user, business, event, receiver, endpoint };
  }

  it("delivers every kind of event signed in the Standard Webhooks format, once", async () => {
    const { event, receiver, endpoint } = await setUp();
    await emitWebhooks(
      db.db,
      webhookEventTypes.map((type) => ({
        eventId: event.id,
        type,
        data: sampleData[type](event.id),
      })) as Parameters<typeof emitWebhooks>[1],
    );
    expect(await deliver()).toBe(webhookEventTypes.length);
    const got = receiver.verified(endpoint.secret);
    expect(got.map((g) => g.body.type).sort()).toEqual([...webhookEventTypes].sort());
    for (const { body } of got) {
      expect(body.data.eventId).toBe(event.id);
      // The whole body as the reference page documents it, nothing more.
      webhookBodySchema(body.type as WebhookEventType).parse(body);
    }
    expect(receiver.requests.every((r) => r.url === "/hooks" && r.method === "POST")).toBe(true);
    expect(receiver.requests[0]?.headers["content-type"]).toBe("application/json");
    const rows = await deliveriesOf(db.db, endpoint.id);
    expect(rows.map((r) => [r.status, r.attempts, r.last_status_code])).toEqual(
      rows.map(() => ["delivered", 1, 200]),
    );
    // Each row's webhook-id is the one its request carried.
    expect(new Set(got.map((g) => g.id))).toEqual(new Set(rows.map((r) => r.event_id)));
    expect(await deliver()).toBe(0);
    expect(receiver.requests).toHaveLength(webhookEventTypes.length);
  });

  it("refuses a signature made with another secret", async () => {
    const { event, receiver } = await setUp();
    const other = await insertEndpoint(
      db.db,
      (await businessOwner(kit.services)).business.id,
      "http://127.0.0.1:9/",
    );
    await emitWebhook(db.db, {
      eventId: event.id,
      type: "event.updated",
      data: { eventId: event.id, status: "published" },
    });
    await deliver();
    expect(() => receiver.verified(other.secret)).toThrow();
  });

  it("tries a 500 again with the same webhook-id, then stops once it gets a 200", async () => {
    const { event, receiver, endpoint } = await setUp([500, 200]);
    await emitWebhook(db.db, {
      eventId: event.id,
      type: "order.paid",
      data: { orderId: "o9", eventId: event.id, amountMinor: 1000, currency: "GBP" },
    });
    await deliver();
    let [row] = await deliveriesOf(db.db, endpoint.id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, last_status_code: 500 });
    expect(row?.last_error).toBe("The endpoint answered 500.");
    await deliver();
    await deliver();
    await deliver();
    [row] = await deliveriesOf(db.db, endpoint.id);
    expect(row).toMatchObject({
      status: "delivered",
      attempts: 2,
      last_status_code: 200,
      last_error: null,
    });
    const got = receiver.verified(endpoint.secret);
    expect(got).toHaveLength(2);
    expect(got[0]?.id).toBe(got[1]?.id);
    expect(receiver.requests[0]?.body).toBe(receiver.requests[1]?.body);
    const [health] = await rowsOf<{ failing_since: string | null; enabled: boolean }>(
      db.db,
      sql`select failing_since, enabled from webhook_endpoints where id = ${endpoint.id}`,
    );
    expect(health).toEqual({ failing_since: null, enabled: true });
  });

  it("waits as the schedule says after a failure, and records no answer in words", async () => {
    const { event, endpoint } = await setUp(["hang"]);
    await emitWebhook(db.db, {
      eventId: event.id,
      type: "event.updated",
      data: { eventId: event.id, status: "published" },
    });
    await deliverDueWebhooks(db.db, {
      ...deps(),
      schedule: { timeoutSeconds: 1, retryDelaysSeconds: [300] },
    });
    const [row] = await rowsOf<{
      status: string;
      wait: number;
      last_error: string;
      lease_until: string | null;
      last_status_code: number | null;
    }>(
      db.db,
      sql`select status, extract(epoch from next_attempt_at - last_attempt_at)::float as wait,
                 last_error, lease_until, last_status_code
          from webhook_deliveries where endpoint_id = ${endpoint.id}`,
    );
    expect(row).toMatchObject({
      status: "pending",
      last_error: "No answer within 1 s.",
      lease_until: null,
      last_status_code: null,
    });
    expect(row?.wait).toBeGreaterThan(299);
    expect(row?.wait).toBeLessThan(305);
    // Not due yet: nothing is tried.
    expect(await deliver()).toBe(0);
    const [endpointRow] = await rowsOf<{ failing: boolean }>(
      db.db,
      sql`select failing_since is not null as failing from webhook_endpoints where id = ${endpoint.id}`,
    );
    expect(endpointRow?.failing).toBe(true);
  });

  it("counts a refused connection and a redirect as failed attempts", async () => {
    const { event, business } = await setUp();
    const gone = await startWebhookReceiver();
    await gone.close();
    const closed = await insertEndpoint(db.db, business.id, `${gone.url}/nothing-here`, [
      "event.updated",
    ]);
    const redirecting = await startWebhookReceiver([302]);
    receivers.push(redirecting);
    const moved = await insertEndpoint(db.db, business.id, redirecting.url, ["event.updated"]);
    await emitWebhook(db.db, {
      eventId: event.id,
      type: "event.updated",
      data: { eventId: event.id, status: "published" },
    });
    await deliverDueWebhooks(db.db, {
      ...deps(),
      schedule: { timeoutSeconds: 2, retryDelaysSeconds: [60] },
    });
    const [refused] = await deliveriesOf(db.db, closed.id);
    expect(refused).toMatchObject({ status: "pending", last_status_code: null });
    expect(refused?.last_error).toMatch(/^No answer: ECONNREFUSED\.$/);
    const [redirected] = await deliveriesOf(db.db, moved.id);
    expect(redirected).toMatchObject({ status: "pending", last_status_code: 302 });
  });

  it("refuses this machine and private networks when they are not allowed, by address and by name", async () => {
    const { event, business, receiver } = await setUp();
    const byName = await insertEndpoint(
      db.db,
      business.id,
      receiver.url.replace("127.0.0.1", "localhost"),
      ["event.updated"],
    );
    const [byAddress] = await rowsOf<{ id: string }>(
      db.db,
      sql`select id from webhook_endpoints where business_id = ${business.id} and id <> ${byName.id}`,
    );
    await emitWebhook(db.db, {
      eventId: event.id,
      type: "event.updated",
      data: { eventId: event.id, status: "published" },
    });
    await deliverDueWebhooks(db.db, { ...deps(), privateNetworks: false });
    expect(receiver.requests).toHaveLength(0);
    const [literal] = await deliveriesOf(db.db, byAddress?.id ?? "");
    expect(literal).toMatchObject({ status: "pending", last_status_code: null });
    expect(literal?.last_error).toBe(
      "Refused: 127.0.0.1 is on a private network. Webhooks go to public addresses only.",
    );
    const [named] = await deliveriesOf(db.db, byName.id);
    expect(named?.last_error).toBe(
      "Refused: localhost is on a private network. Webhooks go to public addresses only.",
    );
  });

  it("gives up at the end of the 3 days, switches the endpoint off and tells its owner once", async () => {
    const { user, event, endpoint } = await setUp([503]);
    await emitWebhook(db.db, {
      eventId: event.id,
      type: "order.created",
      data: { orderId: "o1", eventId: event.id, status: "free" },
    });
    await deliver();
    // The event was 3 days ago: the next attempt is the last.
    await db.db.execute(sql`
      update webhook_deliveries set window_start = now() - interval '73 hours'
      where endpoint_id = ${endpoint.id}`);
    await deliver();
    const [row] = await deliveriesOf(db.db, endpoint.id);
    expect(row).toMatchObject({ status: "failed", attempts: 2, last_status_code: 503 });
    const [off] = await rowsOf<{ enabled: boolean; disabled_reason: string }>(
      db.db,
      sql`select enabled, disabled_reason from webhook_endpoints where id = ${endpoint.id}`,
    );
    expect(off).toEqual({ enabled: false, disabled_reason: SWITCHED_OFF_REASON });
    const told = await rowsOf<{ title: string; link: string }>(
      db.db,
      sql`select title, link from notifications where user_id = ${user.id} and kind = 'webhook-disabled'`,
    );
    expect(told).toEqual([
      { title: "A webhook was switched off", link: `/business/webhooks/${endpoint.id}` },
    ]);
    // A switched-off endpoint gets nothing more, even what is due.
    await emitWebhook(db.db, {
      eventId: event.id,
      type: "order.created",
      data: { orderId: "o2", eventId: event.id, status: "free" },
    });
    expect(await deliver()).toBe(0);
  });

  it("keeps an endpoint on when something else got through during the 3 days", async () => {
    const { event, endpoint } = await setUp([200, 503]);
    await emitWebhook(db.db, {
      eventId: event.id,
      type: "event.updated",
      data: { eventId: event.id, status: "published" },
    });
    await deliver();
    await emitWebhook(db.db, {
      eventId: event.id,
      type: "event.updated",
      data: { eventId: event.id, status: "cancelled" },
    });
    await deliver();
    await db.db.execute(sql`
      update webhook_deliveries set window_start = now() - interval '73 hours'
      where endpoint_id = ${endpoint.id} and status = 'pending'`);
    await deliver();
    const statuses = (await deliveriesOf(db.db, endpoint.id)).map((r) => r.status);
    expect(statuses).toEqual(["delivered", "failed"]);
    const [on] = await rowsOf<{ enabled: boolean }>(
      db.db,
      sql`select enabled from webhook_endpoints where id = ${endpoint.id}`,
    );
    expect(on?.enabled).toBe(true);
  });

  it("leaves a delivery leased by another worker alone until the lease lapses", async () => {
    const { event, receiver, endpoint } = await setUp();
    await emitWebhook(db.db, {
      eventId: event.id,
      type: "event.updated",
      data: { eventId: event.id, status: "published" },
    });
    await db.db.execute(sql`
      update webhook_deliveries set lease_until = now() + interval '1 minute', attempts = 1
      where endpoint_id = ${endpoint.id}`);
    expect(await deliver()).toBe(0);
    await db.db.execute(sql`
      update webhook_deliveries set lease_until = now() - interval '1 second'
      where endpoint_id = ${endpoint.id}`);
    expect(await deliver()).toBe(1);
    expect(receiver.requests).toHaveLength(1);
    const [row] = await deliveriesOf(db.db, endpoint.id);
    expect(row).toMatchObject({ status: "delivered", attempts: 2 });
  });
});
