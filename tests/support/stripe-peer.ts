import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { expireSession, type PeerContext, paySession, sessionOf } from "./stripe-peer-checkout.ts";
import { json, peerHttpHandler } from "./stripe-peer-http.ts";
import {
  closeDispute,
  completeOnboarding,
  openDispute,
  setSubscriptionStatus,
  settleRefund,
} from "./stripe-peer-money.ts";
import { type SeedPaymentsInput, seedPayments } from "./stripe-peer-seed.ts";
import {
  type DeliveryRecord,
  emptyStore,
  invalid,
  type Json,
  PeerError,
  type PeerStore,
  recordEvent,
} from "./stripe-peer-store.ts";

export type StripePeerOptions = {
  /** A fixed port (a server in another process is told the URL up front); 0: any. */
  port?: number;
  webhookUrl?: string | null;
  secretKey?: string;
  webhookSecret?: string;
};

export type PayOptions = { card?: "ok" | "declined"; deliver?: boolean };

export type StripePeer = {
  /** `http://127.0.0.1:{port}`: STRIPE_API_URL, and the hosted pages. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  env(): { STRIPE_SECRET_KEY: string; STRIPE_WEBHOOK_SECRET: string; STRIPE_API_URL: string };
  /** Where events are POSTed (null: kept undelivered, see redeliverFailed). */
  setWebhookUrl(url: string | null): void;
  /** Off: events are recorded but not sent until deliver/redeliverFailed (a missed webhook). */
  setAutoDeliver(on: boolean): void;
  /** The hosted page's buttons: the session after paying (still open when declined). */
  pay(sessionId: string, options?: PayOptions): Promise<Json>;
  expire(sessionId: string): Promise<Json>;
  /** Every event, in the order they happened. */
  readonly events: Json[];
  eventsOf(type: string): Json[];
  /** Every event with its delivery attempts (HTTP status, 0 when unreachable). */
  readonly deliveries: DeliveryRecord[];
  /** Sends one event again, `times` times in a row; the statuses answered. */
  deliver(eventId: string, times?: number): Promise<number[]>;
  /** Sends every event not yet answered 2xx, in order (Stripe's retries); how many succeeded. */
  redeliverFailed(): Promise<number>;
  completeOnboarding(accountId: string, state: "active" | "restricted"): Promise<Json>;
  openDispute(paymentIntentId: string): Promise<Json>;
  closeDispute(disputeId: string, status: "won" | "lost"): Promise<Json>;
  setSubscriptionStatus(
    subscriptionId: string,
    status: "past_due" | "active" | "canceled" | "unpaid",
  ): Promise<Json>;
  /** The next refunds are created in this status (pending stays until settleRefund). */
  nextRefundStatus(status: "succeeded" | "pending" | "failed"): void;
  settleRefund(refundId: string, status: "succeeded" | "failed"): Promise<Json>;
  /** `count` succeeded card payments made at once (no sessions, no events): their ids. */
  seedPayments(input: SeedPaymentsInput): string[];
  /** The next `count` API requests answer 500 (an outage; the SDK retries twice). */
  failNext(count: number, status?: number): void;
  /** Resolves once no delivery is in flight. */
  idle(): Promise<void>;
  readonly store: PeerStore;
  close(): Promise<void>;
};

/**
 * A Stripe-compatible peer for tests: the endpoints our adapter calls, in Stripe's shapes,
 * so the real `stripe` SDK runs against it (STRIPE_API_URL), with a hosted checkout page
 * and onboarding page, and webhooks signed with the SDK's own test header. Controls are
 * here and over HTTP under `/__peer/…` (stripe-peer-controls.ts) for another process.
 */
export async function startStripePeer(options: StripePeerOptions = {}): Promise<StripePeer> {
  const secretKey = options.secretKey ?? "sk_test_peer0123456789";
  const webhookSecret = options.webhookSecret ?? "whsec_peer0123456789";
  const store = emptyStore();
  let webhookUrl = options.webhookUrl ?? null;
  let autoDeliver = true;
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  const inFlight = new Set<Promise<unknown>>();
  let url = "";

  /** Runs an operation, then delivers its events (awaited, or after the answer). */
  async function operate<T>(
    run: (ctx: PeerContext) => T,
    delivery: "await" | "later" | "none" = "await",
  ): Promise<T> {
    const emitted: DeliveryRecord[] = [];
    const ctx: PeerContext = {
      store,
      url,
      emit: (type, object) => emitted.push(recordEvent(store, type, object)),
    };
    try {
      return run(ctx);
    } finally {
      if (autoDeliver && delivery !== "none") {
        const sending = sendInOrder(emitted);
        if (delivery === "await") await sending;
      }
    }
  }

  function sendInOrder(records: DeliveryRecord[]): Promise<void> {
    const sending = (async () => {
      for (const record of records) await send(record);
    })();
    inFlight.add(sending);
    return sending.finally(() => inFlight.delete(sending));
  }

  async function send(record: DeliveryRecord): Promise<number> {
    if (!webhookUrl) return 0;
    const payload = JSON.stringify(record.event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    let status = 0;
    try {
      const response = await fetch(webhookUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "stripe-signature": signature,
        },
        body: payload,
      });
      await response.arrayBuffer();
      status = response.status;
    } catch {
      status = 0;
    }
    record.attempts.push(status);
    if (status >= 200 && status < 300) record.delivered++;
    return status;
  }

  const handle = peerHttpHandler({
    store,
    secretKey,
    url: () => url,
    operate,
    takeFailure: () => {
      if (failures.count === 0) return null;
      failures.count--;
      return failures.status;
    },
    peer: () => peer,
  });
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      handle(req, res, body).catch((error: unknown) => {
        const peerError =
          error instanceof PeerError ? error : new PeerError(500, "api_error", String(error));
        json(res, peerError.status, peerError.body());
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const peer: StripePeer = {
    url,
    secretKey,
    webhookSecret,
    env: () => ({
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: url,
    }),
    setWebhookUrl: (next) => {
      webhookUrl = next;
    },
    setAutoDeliver: (on) => {
      autoDeliver = on;
    },
    async pay(sessionId, { card = "ok", deliver = true } = {}) {
      try {
        return await operate((ctx) => paySession(ctx, sessionId, card), deliver ? "await" : "none");
      } catch (error) {
        if (error instanceof PeerError && error.status === 402)
          return sessionOf({ store, url, emit: () => {} }, sessionId);
        throw error;
      }
    },
    expire: (sessionId) => operate((ctx) => expireSession(ctx, sessionId)),
    get events() {
      return store.events.map((record) => record.event);
    },
    eventsOf: (type) =>
      store.events.filter((record) => record.event.type === type).map((record) => record.event),
    get deliveries() {
      return store.events;
    },
    async deliver(eventId, times = 1) {
      const record = store.events.find((candidate) => candidate.event.id === eventId);
      if (!record) throw invalid(`No such event: '${eventId}'`);
      const statuses: number[] = [];
      for (let i = 0; i < times; i++) statuses.push(await send(record));
      return statuses;
    },
    async redeliverFailed() {
      let succeeded = 0;
      for (const record of store.events.filter((candidate) => candidate.delivered === 0)) {
        const status = await send(record);
        if (status >= 200 && status < 300) succeeded++;
      }
      return succeeded;
    },
    completeOnboarding: (accountId, state) =>
      operate((ctx) => completeOnboarding(ctx, accountId, state)),
    openDispute: (paymentIntentId) => operate((ctx) => openDispute(ctx, paymentIntentId)),
    closeDispute: (disputeId, status) => operate((ctx) => closeDispute(ctx, disputeId, status)),
    setSubscriptionStatus: (subscriptionId, status) =>
      operate((ctx) => setSubscriptionStatus(ctx, subscriptionId, status)),
    nextRefundStatus: (status) => {
      store.nextRefundStatus = status;
    },
    settleRefund: (refundId, status) => operate((ctx) => settleRefund(ctx, refundId, status)),
    seedPayments: (input) => seedPayments(store, input),
    failNext: (count, status = 500) => {
      failures = { count, status };
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    store,
    async close() {
      await peer.idle();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return peer;
}
