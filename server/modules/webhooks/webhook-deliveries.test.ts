import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { type ProfileTestKit, profileTestKit } from "#tests/support/kits/profile-test-kit.ts";
import {
  addEndpoint,
  insertDelivery,
  webhookOwner,
} from "#tests/support/kits/webhook-caller-kit.ts";

describe.each(testDatabases)("webhook deliveries in the console on $name", (database) => {
  let db: TestDatabase;
  let kit: ProfileTestKit;
  beforeAll(async () => {
    db = await database.open();
    kit = await profileTestKit(db);
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  it("sends a test: one webhook.test delivery to this endpoint only, and none to one switched off", async () => {
    const me = await webhookOwner(kit.services);
    const made = await addEndpoint(me);
    const bystander = await addEndpoint(me, "https://other.example.com/");
    const sent = await me.call("webhooks.sendTest", { endpointId: made.id });
    expect(sent).toMatchObject({
      type: "webhook.test",
      status: "pending",
      attempts: 0,
      lastStatusCode: null,
      lastError: null,
      lastAttemptAt: null,
    });
    expect(sent.eventId).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(JSON.parse(sent.body)).toEqual({
      type: "webhook.test",
      timestamp: expect.any(String),
      data: { endpointId: made.id },
    });
    const rows = await rowsOf<{ endpoint_id: string; type: string }>(
      db.db,
      sql`select endpoint_id, type from webhook_deliveries where endpoint_id in (${made.id}, ${bystander.id})`,
    );
    expect(rows).toEqual([{ endpoint_id: made.id, type: "webhook.test" }]);
    await me.call("webhooks.update", { endpointId: made.id, enabled: false });
    const refusal = await me.fail("webhooks.sendTest", { endpointId: made.id });
    expect([refusal.status, refusal.message, refusal.details?.reason]).toEqual([
      "FAILED_PRECONDITION",
      "This endpoint is switched off. Switch it on first.",
      "endpoint-off",
    ]);
  });

  it("limits tests to 10 a minute per business", async () => {
    const me = await webhookOwner(kit.services);
    const made = await addEndpoint(me);
    for (let i = 0; i < 10; i++) await me.call("webhooks.sendTest", { endpointId: made.id });
    const refusal = await me.fail("webhooks.sendTest", { endpointId: made.id });
    expect(refusal.status).toBe("RESOURCE_EXHAUSTED");
    const [row] = await rowsOf<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from webhook_deliveries where endpoint_id = ${made.id}`,
    );
    expect(row?.n).toBe(10);
  });

  it("sends a delivery again: pending, due now, a new window, whatever its status; an attempt in flight keeps its lease", async () => {
    const me = await webhookOwner(kit.services);
    const made = await addEndpoint(me);
    for (const status of ["failed", "delivered", "pending"]) {
      const id = await insertDelivery(
        db.db,
        made.id,
        `status = '${status}', attempts = 4, last_status_code = 500, next_attempt_at = now() + interval '1 hour',
         window_start = now() - interval '4 days', lease_until = now() + interval '1 minute'`,
      );
      const again = await me.call("webhooks.resend", { deliveryId: id });
      expect([status, again.status, again.attempts, again.lastStatusCode]).toEqual([
        status,
        "pending",
        4,
        500,
      ]);
      const [row] = await rowsOf<{ due: boolean; fresh: boolean; leased: boolean }>(
        db.db,
        sql`select next_attempt_at <= now() as due, window_start > now() - interval '1 minute' as fresh,
          lease_until > now() as leased from webhook_deliveries where id = ${id}`,
      );
      // Not sent by a second worker while the first one's attempt may still be running.
      expect([status, row]).toEqual([status, { due: true, fresh: true, leased: true }]);
    }
  });

  it("pages the delivery log newest first, 20 at a time", async () => {
    const me = await webhookOwner(kit.services);
    const made = await addEndpoint(me);
    const other = await addEndpoint(me, "https://other.example.com/");
    await insertDelivery(db.db, other.id, "");
    const ids: string[] = [];
    // 45 rows, some sharing their instant: the id breaks the tie.
    for (let i = 0; i < 45; i++) {
      ids.push(
        await insertDelivery(db.db, made.id, "", `now() - interval '${Math.floor(i / 3)} seconds'`),
      );
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    const sizes: number[] = [];
    do {
      const page = await me.call("webhooks.deliveries", {
        endpointId: made.id,
        ...(cursor ? { cursor } : {}),
      });
      sizes.push(page.items.length);
      seen.push(...page.items.map((d: { id: string }) => d.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(sizes).toEqual([20, 20, 5]);
    expect(new Set(seen).size).toBe(45);
    expect(new Set(seen)).toEqual(new Set(ids));
    const times = await rowsOf<{ id: string }>(
      db.db,
      sql`select id from webhook_deliveries where endpoint_id = ${made.id} order by created_at desc, id desc`,
    );
    expect(seen).toEqual(times.map((t) => t.id));
    // A delivered one shows no next attempt.
    await db.db.execute(
      sql`update webhook_deliveries set status = 'delivered' where id = ${seen[0]}`,
    );
    const first = (await me.call("webhooks.deliveries", { endpointId: made.id })).items[0];
    expect(first).toMatchObject({ id: seen[0], status: "delivered", nextAttemptAt: null });
  });

  it("deletes an endpoint with its deliveries", async () => {
    const me = await webhookOwner(kit.services);
    const made = await addEndpoint(me);
    const kept = await addEndpoint(me, "https://kept.example.com/");
    await me.call("webhooks.sendTest", { endpointId: made.id });
    await me.call("webhooks.sendTest", { endpointId: kept.id });
    expect(await me.call("webhooks.delete", { endpointId: made.id })).toEqual({ deleted: true });
    expect((await me.fail("webhooks.get", { endpointId: made.id })).status).toBe("NOT_FOUND");
    expect((await me.fail("webhooks.delete", { endpointId: made.id })).status).toBe("NOT_FOUND");
    const rows = await rowsOf<{ endpoint_id: string }>(
      db.db,
      sql`select endpoint_id from webhook_deliveries where endpoint_id in (${made.id}, ${kept.id})`,
    );
    expect(rows).toEqual([{ endpoint_id: kept.id }]);
  });
});
