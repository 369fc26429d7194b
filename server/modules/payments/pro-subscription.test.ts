import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessFunctions } from "#server/modules/businesses/businesses.functions.ts";
import { businesses, planChanges } from "#server/modules/businesses/businesses.schema.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import { crossModuleSteps } from "#server/steps/cross-module-steps.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { businessOwner } from "#tests/support/kits/business-test-kit.ts";
import {
  functionContext,
  type ProfileTestKit,
  profileTestKit,
  signedInUser,
} from "#tests/support/kits/profile-test-kit.ts";
import { refusal } from "#tests/support/refusal.ts";
import { type StripePeer, startStripePeer } from "#tests/support/stripe-peer.ts";
import { type PaymentDeps, paymentDepsOf } from "./payment-deps.ts";
import { WebhookSignatureError } from "./payment-provider.ts";
import { businessSubscriptions } from "./payments.schema.ts";
import { type ProSubscriptionView, pastDueWarning } from "./pro-subscription.service.ts";
import { subscriptionFunctions } from "./subscription.functions.ts";
import { receivePaymentEvent } from "./webhook-intake.ts";

/**
 * The webhook intake as the route does it (verified on the raw body by the real SDK, then
 * receivePaymentEvent: stored once by its id, handled in that transaction, its
 * after-commit work run), on a port of its own that the peer posts to.
 */
async function webhookIntake(deps: PaymentDeps): Promise<{ url: string; server: Server }> {
  const provider = deps.provider;
  if (!provider) throw new Error("cards are off");
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      try {
        const header = req.headers["stripe-signature"];
        const event = provider.parseWebhook(Buffer.concat(chunks), String(header ?? ""));
        await receivePaymentEvent(deps, event);
        res.writeHead(200).end();
      } catch (error) {
        res.writeHead(error instanceof WebhookSignatureError ? 400 : 500).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

describe.each(testDatabases)("the Pro plan billed through Stripe on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: ProfileTestKit;
  let peer: StripePeer;
  let intake: Server;
  const registry = createRegistry([
    ...businessFunctions(crossModuleSteps),
    ...subscriptionFunctions,
  ]);
  beforeAll(async () => {
    database = await open();
    peer = await startStripePeer();
    kit = await profileTestKit(database, { ...peer.env(), PRO_PLAN_PRICE_MINOR: "2900" });
    const started = await webhookIntake(paymentDepsOf(kit.services));
    intake = started.server;
    peer.setWebhookUrl(started.url);
  }, 60_000);
  afterAll(async () => {
    await peer?.close();
    intake?.close();
    await database?.dispose();
  });

  const call = <T>(name: string, data: unknown, auth: Auth) =>
    registry.invoke(name, data, functionContext(kit.services, auth)) as Promise<T>;
  const planOf = async (businessId: string) =>
    (await database.db.select().from(businesses).where(eq(businesses.id, businessId)))[0]?.plan;
  const rowOf = async (businessId: string) =>
    (
      await database.db
        .select()
        .from(businessSubscriptions)
        .where(eq(businessSubscriptions.businessId, businessId))
    )[0];
  const changesOf = (businessId: string) =>
    database.db
      .select()
      .from(planChanges)
      .where(eq(planChanges.businessId, businessId))
      .orderBy(planChanges.createdAt);

  /** An owner who chose "Upgrade to Pro": the checkout's session id on the peer. */
  async function subscribing() {
    const owner = await businessOwner(kit.services);
    const { url } = await call<{ url: string }>("payments.subscribePro", null, owner.auth);
    const sessionId = (await rowOf(owner.business.id))?.providerCheckoutId ?? "";
    expect(url).toContain(peer.url);
    expect(sessionId).toMatch(/^cs_/);
    return { ...owner, sessionId };
  }
  /** …who paid on the peer's page, the webhooks delivered: the subscription's id. */
  async function subscribed() {
    const owner = await subscribing();
    await peer.pay(owner.sessionId);
    await peer.idle();
    const subscriptionId = (await rowOf(owner.business.id))?.subscriptionId ?? "";
    expect(subscriptionId).toMatch(/^sub_/);
    return { ...owner, subscriptionId };
  }

  it("starts a monthly subscription checkout at the Pro price, changing nothing yet", async () => {
    const { business, sessionId } = await subscribing();
    const session = peer.store.sessions.get(sessionId);
    expect(session).toMatchObject({ mode: "subscription", currency: "eur" });
    expect(session?.success_url).toBe("http://localhost:3999/business/upgrade?subscription=done");
    expect(session?.cancel_url).toBe(
      "http://localhost:3999/business/upgrade?subscription=cancelled",
    );
    expect(await planOf(business.id)).toBe("free");
    expect(await rowOf(business.id)).toMatchObject({ status: "incomplete", provider: "stripe" });
  });

  it("moves to Pro once paid, one plan change naming the subscription, however often told", async () => {
    const { business, subscriptionId } = await subscribed();
    expect(await planOf(business.id)).toBe("pro");
    const created = peer
      .eventsOf("customer.subscription.created")
      .find((event) => event.data.object.id === subscriptionId);
    // The same event again (Stripe retries): stored once, nothing more changes.
    expect(await peer.deliver(created?.id ?? "", 3)).toEqual([200, 200, 200]);
    const changes = await changesOf(business.id);
    expect(changes.map((c) => [c.fromPlan, c.toPlan, c.provider, c.reference])).toEqual([
      ["free", "pro", "stripe", subscriptionId],
    ]);
  });

  it("stays Pro while past due, with a warning, and goes back to free once cancelled", async () => {
    const { auth, business, subscriptionId } = await subscribed();
    await peer.setSubscriptionStatus(subscriptionId, "past_due");
    expect(await planOf(business.id)).toBe("pro");
    const view = await call<ProSubscriptionView>("payments.subscription", null, auth);
    expect(view).toMatchObject({ plan: "pro", status: "past-due", warning: pastDueWarning });
    await peer.setSubscriptionStatus(subscriptionId, "canceled");
    expect(await planOf(business.id)).toBe("free");
    const changes = await changesOf(business.id);
    expect(changes.map((c) => [c.fromPlan, c.toPlan])).toEqual([
      ["free", "pro"],
      ["pro", "free"],
    ]);
  });

  it("stays Pro until the period's end when cancelled, then free on the deleted event", async () => {
    const { auth, business, subscriptionId } = await subscribed();
    const view = await call<ProSubscriptionView>("payments.cancelPro", null, auth);
    expect(view).toMatchObject({ plan: "pro", status: "active", cancelAtPeriodEnd: true });
    const periodEnd = peer.store.subscriptions.get(subscriptionId)?.items.data[0]
      .current_period_end as number;
    expect(view.currentPeriodEnd).toBe(new Date(periodEnd * 1000).toISOString());
    expect(peer.store.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(true);
    expect(await planOf(business.id)).toBe("pro");
    // No second subscription while the first runs.
    const again = await refusal(call("payments.subscribePro", null, auth));
    expect(again.details).toEqual({ reason: "already-subscribed" });
    // The period ends: Stripe deletes the subscription.
    await peer.setSubscriptionStatus(subscriptionId, "canceled");
    expect(await planOf(business.id)).toBe("free");
    expect(await changesOf(business.id)).toHaveLength(2);
  });

  it("asks Stripe on the way back from the checkout instead of waiting for the webhook", async () => {
    const { auth, business, sessionId } = await subscribing();
    peer.setAutoDeliver(false);
    try {
      await peer.pay(sessionId);
      // Nothing heard yet: the page says it is confirming, and asks again.
      const waiting = await call<ProSubscriptionView>(
        "payments.subscription",
        { returned: true },
        auth,
      );
      expect(waiting).toMatchObject({ plan: "free", confirming: true });
      // The checkout's event links the subscription, but its read fails (an outage).
      const completed = peer
        .eventsOf("checkout.session.completed")
        .find((event) => event.data.object.id === sessionId);
      peer.failNext(3);
      await peer.deliver(completed?.id ?? "");
      expect(await rowOf(business.id)).toMatchObject({ status: "incomplete" });
      expect(await planOf(business.id)).toBe("free");
      // The return page's next check asks Stripe for the subscription: Pro, once.
      const back = await call<ProSubscriptionView>(
        "payments.subscription",
        { returned: true },
        auth,
      );
      expect(back).toMatchObject({ plan: "pro", status: "active", confirming: false });
      expect(await peer.redeliverFailed()).toBeGreaterThan(0);
      expect(await changesOf(business.id)).toHaveLength(1);
    } finally {
      peer.setAutoDeliver(true);
    }
  });

  it("refuses anyone without a business, and touches only the caller's own", async () => {
    const { auth: stranger } = await signedInUser(kit.services);
    for (const name of ["payments.subscribePro", "payments.cancelPro", "payments.subscription"]) {
      expect((await refusal(call(name, null, stranger))).details).toEqual({
        reason: "no-business",
      });
    }
    const paying = await subscribed();
    const other = await businessOwner(kit.services);
    const error = await refusal(call("payments.cancelPro", null, other.auth));
    expect(error.details).toEqual({ reason: "no-subscription" });
    expect(peer.store.subscriptions.get(paying.subscriptionId)?.cancel_at_period_end).toBe(false);
    expect(await planOf(paying.business.id)).toBe("pro");
  });

  it("refuses the free switch to Pro while cards are on", async () => {
    const { auth, business } = await businessOwner(kit.services);
    const error = await refusal(call("businesses.changePlan", { plan: "pro" }, auth));
    expect(error.details).toEqual({ reason: "billed-by-card" });
    expect(await planOf(business.id)).toBe("free");
  });
});

describe("the Pro plan with card payments off", () => {
  let database: TestDatabase;
  let kit: ProfileTestKit;
  const registry = createRegistry([
    ...businessFunctions(crossModuleSteps),
    ...subscriptionFunctions,
  ]);
  beforeAll(async () => {
    const pglite = testDatabases.find((d) => d.name === "pglite");
    if (!pglite) throw new Error("no PGlite");
    database = await pglite.open();
    kit = await profileTestKit(database);
  });
  afterAll(() => database?.dispose());

  it("switches without a card, as before, and says no card is charged", async () => {
    const { auth, business } = await businessOwner(kit.services);
    const call = (name: string, data: unknown) =>
      registry.invoke(name, data, functionContext(kit.services, auth));
    expect(await call("businesses.changePlan", { plan: "pro" })).toMatchObject({ plan: "pro" });
    const view = (await call("payments.subscription", null)) as ProSubscriptionView;
    expect(view.cardsOff).toMatch(/Card payments are not set up/);
    expect(view).toMatchObject({ plan: "pro", status: null, warning: null });
    expect((await refusal(call("payments.subscribePro", null))).details).toEqual({
      reason: "cards-off",
    });
    const [change] = await database.db
      .select()
      .from(planChanges)
      .where(eq(planChanges.businessId, business.id));
    expect(change?.provider).toBe("recorded");
  });
});
