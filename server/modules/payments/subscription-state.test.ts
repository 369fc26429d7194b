import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessFunctions } from "#server/modules/businesses/businesses.functions.ts";
import { businesses, planChanges } from "#server/modules/businesses/businesses.schema.ts";
import { events } from "#server/modules/events/events.schema.ts";
import { assertCanPublish } from "#server/modules/events/publish-limit.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import { crossModuleSteps } from "#server/steps/cross-module-steps.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { businessOwner, insertEvent } from "#tests/support/kits/business-test-kit.ts";
import {
  functionContext,
  type ProfileTestKit,
  profileTestKit,
} from "#tests/support/kits/profile-test-kit.ts";
import { refusal } from "#tests/support/refusal.ts";
import type { PaymentEvent, SubscriptionState } from "./payment-provider.ts";
import { businessSubscriptions } from "./payments.schema.ts";
import { pastDueWarning, proSubscription } from "./pro-subscription.service.ts";
import { proPlanPurpose } from "./subscription-state.ts";
import { webhookHandlers } from "./webhook-handlers.ts";

/**
 * The plan following the subscription, from the handlers' side: events as the Stripe
 * adapter hands them over, on both databases. The whole path through the SDK and the
 * peer is in pro-subscription.test.ts.
 */
describe.each(testDatabases)("the Pro plan follows its subscription on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: ProfileTestKit;
  beforeAll(async () => {
    database = await open();
    kit = await profileTestKit(database, {
      STRIPE_SECRET_KEY: "sk_test_h5",
      STRIPE_WEBHOOK_SECRET: "whsec_h5",
    });
  });
  afterAll(() => database?.dispose());

  let serial = 0;
  const deps = () => ({
    db: database.db,
    settings: kit.services.settings,
    messages: null,
    log: kit.services.log,
    provider: null,
  });
  const stateOf = (
    businessId: string,
    subscriptionId: string,
    status: SubscriptionState["status"],
    extra: Partial<SubscriptionState> = {},
  ): SubscriptionState => ({
    subscriptionId,
    customerId: "cus_1",
    status,
    currentPeriodEnd: new Date("2027-01-12T10:00:00Z"),
    cancelAtPeriodEnd: false,
    metadata: { purpose: proPlanPurpose, businessId },
    ...extra,
  });
  /** Handles a subscription.updated event as the webhook intake does, in a transaction. */
  const deliver = (state: SubscriptionState, created = new Date()) => {
    const event: PaymentEvent = {
      id: `evt_${++serial}`,
      provider: "stripe",
      created,
      kind: "subscription.updated",
      subscription: state,
    };
    const handler = webhookHandlers["subscription.updated"];
    if (!handler) throw new Error("no handler for subscription.updated");
    return database.db.transaction((tx) => handler(tx, event, deps()));
  };
  /** An owner who started a subscription checkout (the row subscribePro writes). */
  const attempting = async () => {
    const owner = await businessOwner(kit.services);
    await database.db.insert(businessSubscriptions).values({
      businessId: owner.business.id,
      provider: "stripe",
      providerCheckoutId: `cs_${++serial}`,
    });
    return owner;
  };
  const planOf = async (businessId: string) =>
    (await database.db.select().from(businesses).where(eq(businesses.id, businessId)))[0]?.plan;
  const changesOf = (businessId: string) =>
    database.db
      .select()
      .from(planChanges)
      .where(eq(planChanges.businessId, businessId))
      .orderBy(planChanges.createdAt);

  it("moves to Pro when the subscription is active, recording one change with its id", async () => {
    const { business } = await attempting();
    await deliver(stateOf(business.id, "sub_a", "active"));
    await deliver(stateOf(business.id, "sub_a", "active"));
    expect(await planOf(business.id)).toBe("pro");
    const changes = await changesOf(business.id);
    expect(changes.map((c) => [c.fromPlan, c.toPlan, c.provider, c.reference])).toEqual([
      ["free", "pro", "stripe", "sub_a"],
    ]);
  });

  it("stays Pro while past due, with a warning, and goes back to free once cancelled", async () => {
    const { user, business } = await attempting();
    await deliver(stateOf(business.id, "sub_b", "active"));
    await deliver(stateOf(business.id, "sub_b", "past-due"));
    expect(await planOf(business.id)).toBe("pro");
    const view = await proSubscription(deps(), user.id, { returned: false });
    expect(view).toMatchObject({ plan: "pro", status: "past-due", warning: pastDueWarning });
    await deliver(stateOf(business.id, "sub_b", "cancelled"));
    expect(await planOf(business.id)).toBe("free");
    const changes = await changesOf(business.id);
    expect(changes.map((c) => [c.fromPlan, c.toPlan, c.reference])).toEqual([
      ["free", "pro", "sub_b"],
      ["pro", "free", "sub_b"],
    ]);
  });

  it("ignores an event older than the state it holds, and never revives a cancelled one", async () => {
    const { business } = await attempting();
    const now = Date.now();
    await deliver(stateOf(business.id, "sub_c", "active"), new Date(now - 60_000));
    await deliver(stateOf(business.id, "sub_c", "cancelled"), new Date(now - 10_000));
    // The "past due" of before the cancel, delivered after it: changes nothing.
    await deliver(stateOf(business.id, "sub_c", "past-due"), new Date(now - 30_000));
    // A later "active" of a cancelled subscription (never happens at Stripe): ignored too.
    await deliver(stateOf(business.id, "sub_c", "active"), new Date(now));
    expect(await planOf(business.id)).toBe("free");
    expect(await changesOf(business.id)).toHaveLength(2);
  });

  it("ignores a subscription that names no business of ours", async () => {
    const { business } = await attempting();
    await deliver({ ...stateOf(business.id, "sub_d", "active"), metadata: {} });
    expect(await planOf(business.id)).toBe("free");
  });

  it("keeps what is published when Pro ends over the free limit, and refuses the next publish", async () => {
    const { business } = await attempting();
    await deliver(stateOf(business.id, "sub_e", "active"));
    for (let i = 0; i < 5; i++) await insertEvent(database.db, business.id, "published");
    await deliver(stateOf(business.id, "sub_e", "cancelled"));
    expect(await planOf(business.id)).toBe("free");
    const published = await database.db
      .select()
      .from(events)
      .where(eq(events.businessId, business.id));
    expect(published.filter((e) => e.status === "published")).toHaveLength(5);
    const next = await refusal(database.db.transaction((tx) => assertCanPublish(tx, business.id)));
    expect(next.details).toEqual({ reason: "plan-limit", limit: 3 });
  });

  it("links a paid checkout to the business its metadata names", async () => {
    const { business } = await attempting();
    const handler = webhookHandlers["subscription.checkout-completed"];
    if (!handler) throw new Error("no handler");
    const after = await database.db.transaction((tx) =>
      handler(
        tx,
        {
          id: `evt_${++serial}`,
          provider: "stripe",
          created: new Date(),
          kind: "subscription.checkout-completed",
          providerCheckoutId: "cs_x",
          subscriptionId: "sub_f",
          customerId: "cus_f",
          metadata: { purpose: proPlanPurpose, businessId: business.id },
        },
        deps(),
      ),
    );
    // The state is read from the provider after the commit.
    expect(typeof after).toBe("function");
    const [row] = await database.db
      .select()
      .from(businessSubscriptions)
      .where(eq(businessSubscriptions.businessId, business.id));
    expect(row).toMatchObject({
      subscriptionId: "sub_f",
      customerId: "cus_f",
      status: "incomplete",
    });
    await deliver(stateOf(business.id, "sub_f", "active"));
    expect(await planOf(business.id)).toBe("pro");
  });

  it("refuses the free switch to Pro while cards are on, and leaving a live subscription", async () => {
    const registry = createRegistry(businessFunctions(crossModuleSteps));
    const { auth, business } = await attempting();
    const call = (plan: string) =>
      registry.invoke("businesses.changePlan", { plan }, functionContext(kit.services, auth));
    const toPro = await refusal(call("pro"));
    expect(toPro.status).toBe("FAILED_PRECONDITION");
    expect(toPro.details).toEqual({ reason: "billed-by-card" });
    await deliver(stateOf(business.id, "sub_g", "active"));
    const toFree = await refusal(call("free"));
    expect(toFree.details).toEqual({ reason: "billed-by-card" });
    expect(await planOf(business.id)).toBe("pro");
  });
});
