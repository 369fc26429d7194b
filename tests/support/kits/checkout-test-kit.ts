import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { createApp } from "#server/app.ts";
import { bookingFunctions } from "#server/modules/bookings/bookings.functions.ts";
import { holdFunctions } from "#server/modules/holds/holds.functions.ts";
import { buyerCancellationFunctions } from "#server/modules/orders/buyer-cancellation.functions.ts";
import { orderRefundFunctions } from "#server/modules/orders/order-refunds.functions.ts";
import { paymentDepsOf } from "#server/modules/payments/payment-deps.ts";
import type { PaymentEvent } from "#server/modules/payments/payment-provider.ts";
import {
  paymentWebhookRouter,
  STRIPE_WEBHOOK_PATH,
} from "#server/modules/payments/payment-webhook.http.ts";
import { paymentFunctions } from "#server/modules/payments/payments.functions.ts";
import { paymentAccounts } from "#server/modules/payments/payments.schema.ts";
import { receivePaymentEvent } from "#server/modules/payments/webhook-intake.ts";
import { ticketFunctions } from "#server/modules/tickets/tickets.functions.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import type { DatabaseHandle, Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import {
  makeEvent,
  makeUser,
  newKey,
  type TicketTypeSpec,
} from "#tests/support/kits/holds-test-kit.ts";
import { functionContext, profileTestKit } from "#tests/support/kits/profile-test-kit.ts";
import { signedPayload } from "#tests/support/kits/stripe-test-kit.ts";
import type { StripePeer } from "#tests/support/stripe-peer.ts";
import type { Json } from "#tests/support/stripe-peer-store.ts";

/**
 * Card checkouts end to end against the Stripe peer (the real SDK, STRIPE_API_URL):
 * buyers calling holds, bookings and payments through the registry, the payments
 * services' deps, and webhooks from the peer (signed by it, parsed by the adapter, taken
 * by the intake; or over HTTP through the webhook route). Fee 5 % + 30 cents.
 */
export async function checkoutKit(
  database: DatabaseHandle,
  peer: StripePeer,
  env: Record<string, string> = {},
) {
  const kit = await profileTestKit(database, {
    ...peer.env(),
    PLATFORM_FEE_PERCENT: "5",
    PLATFORM_FEE_FIXED_MINOR: "30",
    ...env,
  });
  const deps = paymentDepsOf(kit.services);
  const provider = deps.provider;
  if (!provider) throw new Error("card payments are off in the checkout kit");
  const registry = createRegistry([
    ...holdFunctions,
    ...bookingFunctions,
    ...buyerCancellationFunctions,
    ...orderRefundFunctions,
    ...ticketFunctions,
    ...paymentFunctions,
  ]);
  function as(auth: Auth | null) {
    const ctx = functionContext(kit.services, auth);
    return {
      // biome-ignore lint/suspicious/noExplicitAny: each test checks the result's shape
      call: (name: string, data: unknown): Promise<any> => registry.invoke(name, data, ctx),
      // biome-ignore lint/suspicious/noExplicitAny: the FunctionError thrown
      fail: (name: string, data: unknown): Promise<any> =>
        registry.invoke(name, data, ctx).then(
          (result) => {
            throw new Error(`expected ${name} to fail, got ${JSON.stringify(result)}`);
          },
          (error: unknown) => error,
        ),
    };
  }
  async function buyer(options: Parameters<typeof makeUser>[1] = {}) {
    const user = await makeUser(database.db, options);
    return { user, ...as({ userId: user.id, sessionId: "s", roles: [] }) };
  }

  /**
   * A published event whose types are paid by card, of a business whose connected
   * account at the peer is `account` (default active; null: none), with the event's tax,
   * and a team working at it (the organiser's alerts about it are stored for it).
   */
  async function cardEvent(
    options: {
      types?: (TicketTypeSpec & { currency?: string; card?: boolean })[];
      tax?: { rateBp: number; inclusive: boolean };
      account?: "active" | "pending" | "restricted" | null;
    } = {},
  ) {
    const db = database.db;
    const specs = options.types ?? [{ priceMinor: 1000, capacity: 10 }];
    const made = await makeEvent(db, { types: specs });
    for (const [index, spec] of specs.entries()) {
      await db.execute(sql`update ticket_types
        set payment_method = ${spec.card === false ? "venue" : "card"},
            currency = ${spec.currency ?? "EUR"}
        where id = ${made.types[index]?.id}`);
    }
    const tax = options.tax ?? { rateBp: 0, inclusive: true };
    await db.execute(sql`update events set tax_rate_bp = ${tax.rateBp},
      tax_inclusive = ${tax.inclusive} where id = ${made.event.id}`);
    const state = options.account === undefined ? "active" : options.account;
    if (state) {
      const account = await provider?.createAccount({
        businessId: made.business.id,
        email: "hall@example.com",
        idempotencyKey: `acct-${made.business.id}`,
      });
      const accountId = account?.accountId ?? "";
      if (state !== "pending") await peer.completeOnboarding(accountId, state);
      await db.insert(paymentAccounts).values({
        businessId: made.business.id,
        provider: "stripe",
        accountId,
        state,
      });
    }
    const [team] = await rowsOf<{ id: string }>(
      db,
      sql`insert into teams (business_id, name) values (${made.business.id}, 'Door') returning id`,
    );
    await db.execute(
      sql`insert into team_events (team_id, event_id) values (${team?.id}, ${made.event.id})`,
    );
    return { ...made, teamId: team?.id ?? "" };
  }

  /** A verified event taken by the webhook intake (stored once by id, handled in that transaction). */
  async function deliver(event: PaymentEvent): Promise<void> {
    await receivePaymentEvent(deps, event);
  }

  /**
   * The webhook route in an HTTP app of its own, the peer sending its events there while
   * `run` runs (auto-delivery off: the test sends them with `peer.deliver`).
   */
  async function withWebhookRoute(run: () => Promise<void>): Promise<void> {
    const app = createApp({
      services: kit.services,
      registry: createRegistry([]),
      verifyBearer: async () => null,
      secureTransport: false,
      apiRoutes: [paymentWebhookRouter(kit.services)],
    });
    const server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    const port = (server.address() as AddressInfo).port;
    peer.setAutoDeliver(false);
    peer.setWebhookUrl(`http://127.0.0.1:${port}/api${STRIPE_WEBHOOK_PATH}`);
    try {
      await run();
    } finally {
      peer.setWebhookUrl(null);
      peer.setAutoDeliver(true);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  /** The peer's events of a type about one object (a checkout session, a payment), parsed. */
  function peerEvents(type: string, objectId: string): PaymentEvent[] {
    return peer
      .eventsOf(type)
      .filter((event: Json) => {
        const object = event.data.object;
        return object.id === objectId || object.payment_intent === objectId;
      })
      .map((event) => {
        const { body, header } = signedPayload(peer, event);
        return provider?.parseWebhook(body, header) as PaymentEvent;
      });
  }

  return { ...kit, deps, provider, as, buyer, cardEvent, deliver, withWebhookRoute, peerEvents };
}

/** Subjects of the alerts raised for a team, oldest first. */
export async function alertSubjectsOf(db: Executor, teamId: string): Promise<string[]> {
  const rows = await rowsOf<{ subject: string }>(
    db,
    sql`select a.subject from alerts a join alert_teams t on t.alert_id = a.id
        where t.team_id = ${teamId} order by a.created_at`,
  );
  return rows.map((row) => row.subject);
}

type Caller = { call(name: string, data: unknown): Promise<unknown> };

/** Holds `quantity` of each type given; returns the hold. */
export async function holdOf(
  client: Caller,
  eventId: string,
  items: { ticketTypeId: string; quantity: number }[],
) {
  // biome-ignore lint/suspicious/noExplicitAny: each test checks the result's shape
  const hold: any = await client.call("holds.create", {
    eventId,
    items,
    idempotencyKey: newKey(),
  });
  return hold;
}

/** Numbered attendee names for `count` tickets. */
export const attendees = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ name: `Attendee ${i + 1}` }));
