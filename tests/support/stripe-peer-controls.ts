import type { StripePeer } from "./stripe-peer.ts";
import { refundsByPayment, type SeedPaymentsInput } from "./stripe-peer-seed.ts";
import { PeerError } from "./stripe-peer-store.ts";

type Answer = { status: number; body: unknown };
// biome-ignore lint/suspicious/noExplicitAny: JSON from a test in another process.
type Input = Record<string, any>;

/**
 * The peer's test controls over HTTP (`/__peer/{name}`, JSON), for a test whose server
 * runs in another process (the e2e global setup): the same functions as in-process.
 */
const controls: Record<string, (peer: StripePeer, input: Input) => Promise<unknown> | unknown> = {
  "webhook-url": (peer, input) => peer.setWebhookUrl(input.url ?? null),
  "auto-deliver": (peer, input) => peer.setAutoDeliver(Boolean(input.on)),
  pay: (peer, input) => peer.pay(input.sessionId, { card: input.card, deliver: input.deliver }),
  expire: (peer, input) => peer.expire(input.sessionId),
  events: (peer) => peer.events,
  deliver: (peer, input) => peer.deliver(input.eventId, input.times),
  "redeliver-failed": (peer) => peer.redeliverFailed(),
  "complete-onboarding": (peer, input) => peer.completeOnboarding(input.accountId, input.state),
  dispute: (peer, input) => peer.openDispute(input.paymentIntentId),
  "subscription-status": (peer, input) =>
    peer.setSubscriptionStatus(input.subscriptionId, input.status),
  "next-refund-status": (peer, input) => peer.nextRefundStatus(input.status),
  "fail-next": (peer, input) => peer.failNext(input.count, input.status),
  "seed-payments": (peer, input) => peer.seedPayments(input as SeedPaymentsInput),
  "refunds-by-payment": (peer) => refundsByPayment(peer.store),
  state: (peer) => ({
    sessions: [...peer.store.sessions.values()],
    paymentIntents: [...peer.store.paymentIntents.values()],
    refunds: [...peer.store.refunds.values()],
    accounts: [...peer.store.accounts.values()],
    subscriptions: [...peer.store.subscriptions.values()],
  }),
};

export async function peerControls(
  peer: StripePeer,
  _method: string,
  name: string,
  body: string,
): Promise<Answer> {
  const control = controls[name];
  if (!control) return { status: 404, body: { error: `No control ${name}` } };
  try {
    const input = body ? (JSON.parse(body) as Input) : {};
    return { status: 200, body: { result: (await control(peer, input)) ?? null } };
  } catch (error) {
    const status = error instanceof PeerError ? error.status : 400;
    return { status, body: { error: error instanceof Error ? error.message : String(error) } };
  }
}

/** The HTTP controls from another process: `stripePeerClient(url).call("pay", {...})`. */
export function stripePeerClient(url: string) {
  async function call<T = unknown>(name: string, input: Input = {}): Promise<T> {
    const response = await fetch(`${url}/__peer/${name}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(input),
    });
    const answer = (await response.json()) as { result?: T; error?: string };
    if (!response.ok) throw new Error(`Stripe peer ${name}: ${answer.error ?? response.status}`);
    return answer.result as T;
  }
  return {
    call,
    setWebhookUrl: (webhookUrl: string | null) => call("webhook-url", { url: webhookUrl }),
    setAutoDeliver: (on: boolean) => call("auto-deliver", { on }),
    pay: (sessionId: string, options: { card?: "ok" | "declined"; deliver?: boolean } = {}) =>
      call("pay", { sessionId, ...options }),
    // biome-ignore lint/suspicious/noExplicitAny: Stripe event JSON.
    events: () => call<Array<Record<string, any>>>("events"),
    deliver: (eventId: string, times = 1) => call<number[]>("deliver", { eventId, times }),
    redeliverFailed: () => call<number>("redeliver-failed"),
    seedPayments: (input: SeedPaymentsInput) => call<string[]>("seed-payments", input),
  };
}
