import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresOnly, type TestDatabase } from "#tests/support/databases.ts";
import { businessOwner, insertEvent } from "#tests/support/kits/business-test-kit.ts";
import { type ProfileTestKit, profileTestKit } from "#tests/support/kits/profile-test-kit.ts";
import {
  deliveriesOf,
  insertEndpoint,
  startWebhookReceiver,
  type WebhookReceiver,
} from "#tests/support/kits/webhook-test-kit.ts";
import { emitWebhooks } from "./emit-webhook.ts";
import { deliverDueWebhooks, type WebhookWorkerDeps } from "./webhook-worker.ts";

describe.each(postgresOnly)("webhook workers side by side on $name", (database) => {
  let db: TestDatabase;
  let kit: ProfileTestKit;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    db = await database.open();
    kit = await profileTestKit(db);
    // Slow enough that both workers are mid-batch at once.
    receiver = await startWebhookReceiver([{ status: 200, delayMs: 30 }]);
  }, 120_000);
  afterAll(async () => {
    await receiver?.close();
    await db?.dispose();
  });

  it("sends each of 60 events once when three instances deliver together", async () => {
    const { business } = await businessOwner(kit.services);
    const event = await insertEvent(db.db, business.id, "published");
    const endpoint = await insertEndpoint(db.db, business.id, receiver.url);
    await emitWebhooks(
      db.db,
      Array.from({ length: 60 }, (_, i) => ({
        eventId: event.id,
        type: "order.created" as const,
        data: { orderId: `o${i}`, eventId: event.id, status: "free" },
      })),
    );
    const deps: WebhookWorkerDeps = {
      messages: kit.services.messages,
      publicUrl: null,
      log: kit.services.log,
      privateNetworks: true,
      batchSize: 7,
    };
    const worker = async () => {
      let sent = 0;
      for (;;) {
        const n = await deliverDueWebhooks(db.db, deps);
        if (n === 0) return sent;
        sent += n;
      }
    };
    const counts = await Promise.all([worker(), worker(), worker()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(60);
    expect(counts.filter((n) => n > 0).length).toBeGreaterThan(1);
    const ids = receiver.verified(endpoint.secret).map((g) => g.id);
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
    const rows = await deliveriesOf(db.db, endpoint.id);
    expect(rows.every((r) => r.status === "delivered" && r.attempts === 1)).toBe(true);
  });
});
