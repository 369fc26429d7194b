import { asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { type WebhookEventType, webhookEventTypes } from "#contract/webhooks.ts";
import { webhookBodySchema } from "#server/modules/webhooks/webhook-data.ts";
import { webhookDeliveries, webhookEndpoints } from "#server/modules/webhooks/webhooks.schema.ts";
import type { Executor } from "#server/platform/db/database.ts";

/** What a delivery carries: its type and the body's `data`. */
export type Sent = { type: string; data: Record<string, unknown> };
/** A business's endpoints: one wanting every type, one wanting `onlyType`, one switched off. */
export type Endpoints = { all: string; only: string; off: string; onlyType: WebhookEventType };

const byContent = (a: Sent, b: Sent) => JSON.stringify(a).localeCompare(JSON.stringify(b));
const sorted = (list: Sent[]) => [...list].sort(byContent);

/**
 * Webhook endpoints inserted as rows (the console's functions are tested on their own),
 * and what was queued for them. `strangerBusinessId`: a business none of the tested
 * events is of, given an enabled endpoint wanting everything, which must get nothing.
 */
export async function webhookReceivers(db: Executor, strangerBusinessId: string) {
  async function endpointsOf(businessId: string, onlyType: WebhookEventType): Promise<Endpoints> {
    const add = async (events: WebhookEventType[], enabled = true) => {
      const [row] = await db
        .insert(webhookEndpoints)
        .values({
          businessId,
          url: "https://hooks.example.com/in",
          events,
          secret: "whsec_c2VjcmV0",
          enabled,
        })
        .returning({ id: webhookEndpoints.id });
      if (!row) throw new Error("no endpoint");
      return row.id;
    };
    return {
      all: await add([...webhookEventTypes]),
      only: await add([onlyType]),
      off: await add([...webhookEventTypes], false),
      onlyType,
    };
  }
  const stranger = (await endpointsOf(strangerBusinessId, "order.created")).all;

  /** An endpoint's deliveries, each body checked to be `{type, timestamp, data}` of its row. */
  async function deliveriesTo(endpointId: string) {
    const rows = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(asc(webhookDeliveries.createdAt));
    return rows.map((row) => {
      const body = JSON.parse(row.body);
      expect(Object.keys(body)).toEqual(["type", "timestamp", "data"]);
      expect(body.type).toBe(row.type);
      expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
      // The whole body as the reference page documents its kind, strictly.
      webhookBodySchema(row.type).parse(body);
      expect(row.eventId).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(row.status).toBe("pending");
      return { type: row.type, data: body.data, messageId: row.eventId };
    });
  }

  /**
   * Exactly `expected` (in any order) went to the endpoint wanting every type, those of
   * its type to the other, each event under its own webhook-id shared by both, nothing to
   * the endpoint switched off nor to another business's.
   */
  async function expectSent(endpoints: Endpoints, expected: Sent[]) {
    const all = await deliveriesTo(endpoints.all);
    expect(sorted(all.map(({ type, data }) => ({ type, data })))).toEqual(sorted(expected));
    const only = await deliveriesTo(endpoints.only);
    expect(sorted(only.map(({ type, data }) => ({ type, data })))).toEqual(
      sorted(expected.filter((sent) => sent.type === endpoints.onlyType)),
    );
    const ids = all.map((row) => row.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const row of only) expect(ids).toContain(row.messageId);
    expect(await deliveriesTo(endpoints.off)).toEqual([]);
    expect(await deliveriesTo(stranger)).toEqual([]);
  }

  return { endpointsOf, expectSent };
}
