import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import { loadSettings } from "#server/config.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import { createServices } from "#server/platform/runtime/create-services.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { signedEvent, signedPayload } from "#tests/support/kits/stripe-test-kit.ts";
import { type StripePeer, startStripePeer } from "#tests/support/stripe-peer.ts";
import { ProviderUnavailableError } from "./payment-provider.ts";
import { paymentWebhookRouter, STRIPE_WEBHOOK_PATH } from "./payment-webhook.http.ts";
import { paymentEvents } from "./payments.schema.ts";
import { type WebhookHandler, webhookHandlers } from "./webhook-handlers.ts";

/** The webhook route in an HTTP app of its own on `database`, cards on or off. */
async function serve(database: TestDatabase, env: Record<string, string>) {
  const settings = loadSettings({
    NODE_ENV: "test",
    PGLITE_DIR: "memory://",
    APP_SECRET: "t".repeat(32),
    ...env,
  });
  const services = await createServices(settings, database, createLogger("silent"));
  const app = createApp({
    services,
    registry: createRegistry([]),
    verifyBearer: async () => null,
    secureTransport: false,
    apiRoutes: [paymentWebhookRouter(services)],
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api${STRIPE_WEBHOOK_PATH}`,
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Swaps the handler of `account.updated` for the test's, and puts the real one back after. */
const original = webhookHandlers["account.updated"];
function handleAccountUpdated(handler: WebhookHandler<"account.updated">) {
  webhookHandlers["account.updated"] = handler;
}

describe.each(testDatabases)("POST /api/payments/stripe/webhook on $name", ({ open }) => {
  let database: TestDatabase;
  let peer: StripePeer;
  let webhook: Awaited<ReturnType<typeof serve>>;
  let accountCount = 0;

  beforeAll(async () => {
    database = await open();
    peer = await startStripePeer();
    webhook = await serve(database, peer.env());
    peer.setWebhookUrl(webhook.url);
  });
  afterAll(async () => {
    await webhook?.close();
    await peer?.close();
    await database?.dispose();
  });
  afterEach(() => {
    webhookHandlers["account.updated"] = original;
  });

  const post = (body: Buffer | string, header?: string) =>
    fetch(webhook.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(header ? { "stripe-signature": header } : {}),
      },
      body: typeof body === "string" ? body : new Uint8Array(body),
    });
  const stored = (eventId: string) =>
    database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId));

  /** A fresh account.updated event at the peer, not delivered yet. */
  async function accountEvent() {
    peer.setAutoDeliver(false);
    try {
      accountCount++;
      const account = peer.store.accounts.size + accountCount;
      const id = `acct_test_${account}`;
      peer.store.accounts.set(id, {
        id,
        object: "account",
        charges_enabled: false,
        details_submitted: false,
      });
      await peer.completeOnboarding(id, "active");
      const event = peer.eventsOf("account.updated").at(-1);
      if (!event) throw new Error("no account.updated");
      return event;
    } finally {
      peer.setAutoDeliver(true);
    }
  }

  it("refuses a forged signature, a missing one and a replayed old event with 400, storing nothing", async () => {
    const event = await accountEvent();
    const { body, header } = signedPayload(peer, event);
    const forged = Buffer.from(
      body.toString().replace('"charges_enabled":true', '"charges_enabled":false'),
    );
    expect((await post(forged, header)).status).toBe(400);
    expect((await post(body)).status).toBe(400);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const replayed = signedPayload(peer, event, tenMinutesAgo);
    expect((await post(replayed.body, replayed.header)).status).toBe(400);
    expect(await stored(event.id)).toEqual([]);
  });

  it("answers 200 to a type we do not use, stores it once, and says so on a repeat", async () => {
    const event = {
      id: `evt_unused_${Date.now()}`,
      object: "event",
      type: "invoice.created",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: "in_1", object: "invoice" } },
    };
    const { body, header } = signedPayload(peer, event);
    const first = await post(body, header);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    const again = await post(body, header);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    const rows = await stored(event.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: "stripe", kind: "other:invoice.created" });
  });

  it("handles an event delivered 5 times, and 5 at once, exactly once", async () => {
    const seen: string[] = [];
    handleAccountUpdated(async (_tx, event) => {
      seen.push(event.id);
      expect(event.account.state).toBe("active");
    });
    const event = await accountEvent();
    expect(await peer.deliver(event.id, 5)).toEqual([200, 200, 200, 200, 200]);
    const together = await accountEvent();
    const { body, header } = signedEvent(peer, "account.updated");
    const statuses = await Promise.all(
      Array.from({ length: 5 }, () => post(body, header).then((r) => r.status)),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(seen).toEqual([event.id, together.id]);
    expect(await stored(event.id)).toHaveLength(1);
    expect(await stored(together.id)).toHaveLength(1);
  });

  it("answers 503 when the provider is unavailable, stores nothing, and handles the next delivery", async () => {
    let fail = true;
    const handled: string[] = [];
    handleAccountUpdated(async (_tx, received) => {
      if (fail) throw new ProviderUnavailableError("Stripe is unavailable");
      handled.push(received.id);
    });
    const event = await accountEvent();
    expect(await peer.deliver(event.id)).toEqual([503]);
    expect(await stored(event.id)).toEqual([]);
    fail = false;
    expect(await peer.redeliverFailed()).toBeGreaterThanOrEqual(1);
    expect(await peer.deliver(event.id)).toEqual([200]);
    expect(handled.filter((id) => id === event.id)).toHaveLength(1);
    expect(await stored(event.id)).toHaveLength(1);
  });

  it("answers 503 for a passing database fault and 500 for a bug, rolling back what the handler wrote", async () => {
    const serialization = Object.assign(new Error("could not serialize access"), { code: "40001" });
    let failure: Error = serialization;
    handleAccountUpdated(async (tx) => {
      await tx
        .insert(paymentEvents)
        .values({ provider: "stripe", eventId: "evt_written_by_handler", kind: "x" });
      throw failure;
    });
    const event = await accountEvent();
    expect(await peer.deliver(event.id)).toEqual([503]);
    failure = new Error("a bug");
    expect(await peer.deliver(event.id)).toEqual([500]);
    expect(await stored(event.id)).toEqual([]);
    expect(await stored("evt_written_by_handler")).toEqual([]);
  });

  it("still answers 200 when the work after the commit fails (it was recorded)", async () => {
    let ran = false;
    handleAccountUpdated(async () => async () => {
      ran = true;
      throw new ProviderUnavailableError("refund later");
    });
    const event = await accountEvent();
    expect(await peer.deliver(event.id)).toEqual([200]);
    expect(ran).toBe(true);
    expect(await stored(event.id)).toHaveLength(1);
  });

  it("is not there (404) while card payments are off", async () => {
    const off = await serve(database, {});
    try {
      const { body, header } = signedPayload(peer, await accountEvent());
      const response = await fetch(off.url, {
        method: "POST",
        body: new Uint8Array(body),
        headers: { "stripe-signature": header },
      });
      expect(response.status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
