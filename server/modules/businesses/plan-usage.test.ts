import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "#server/modules/events/events.schema.ts";
import { assertCanPublish } from "#server/modules/events/publish-limit.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import { crossModuleSteps } from "#server/steps/cross-module-steps.ts";
import { countPlanUsage } from "#server/steps/plan-usage.ts";
import { postgresOnly, type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { businessOwner, insertEvent } from "#tests/support/kits/business-test-kit.ts";
import {
  functionContext,
  type ProfileTestKit,
  profileTestKit,
  signedInUser,
} from "#tests/support/kits/profile-test-kit.ts";
import { refusal } from "#tests/support/refusal.ts";
import type { BillingProvider } from "./billing-provider.ts";
import { changePlan } from "./business-plans.service.ts";
import { businessFunctions } from "./businesses.functions.ts";
import { businesses, planChanges } from "./businesses.schema.ts";

const registry = createRegistry(businessFunctions(crossModuleSteps));

describe.each(testDatabases)("plans and their limits on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: ProfileTestKit;
  beforeAll(async () => {
    database = await open();
    kit = await profileTestKit(database);
  });
  afterAll(() => database?.dispose());

  const call = (name: string, data: unknown, auth: Parameters<typeof functionContext>[1]) =>
    registry.invoke(name, data, functionContext(kit.services, auth));

  it("lists the free and pro plans with their limits and prices, to anyone", async () => {
    expect(await call("businesses.plans", null, null)).toEqual([
      expect.objectContaining({ id: "free", priceMinor: 0, publishedEvents: 3, teams: 1 }),
      expect.objectContaining({
        id: "pro",
        priceMinor: 2900,
        currency: "EUR",
        publishedEvents: null,
      }),
    ]);
  });

  it("upgrades and downgrades through the billing provider, recording each change", async () => {
    const { auth, user, business } = await businessOwner(kit.services);
    expect(await call("businesses.changePlan", { plan: "pro" }, auth)).toMatchObject({
      plan: "pro",
      usage: { limit: null },
    });
    expect(await call("businesses.changePlan", { plan: "free" }, auth)).toMatchObject({
      plan: "free",
      usage: { limit: 3 },
    });
    const changes = await database.db
      .select()
      .from(planChanges)
      .where(eq(planChanges.businessId, business.id))
      .orderBy(planChanges.createdAt);
    expect(changes.map((c) => [c.fromPlan, c.toPlan, c.provider, c.changedBy])).toEqual([
      ["free", "pro", "recorded", user.id],
      ["pro", "free", "recorded", user.id],
    ]);
    expect(changes[0]?.reference).toMatch(/^recorded-/);
  });

  it("records nothing when the plan is already the one asked for", async () => {
    const { auth, business } = await businessOwner(kit.services, "pro");
    expect(await call("businesses.changePlan", { plan: "pro" }, auth)).toMatchObject({
      plan: "pro",
    });
    const changes = await database.db
      .select()
      .from(planChanges)
      .where(eq(planChanges.businessId, business.id));
    expect(changes).toHaveLength(0);
  });

  it("refuses to downgrade while more events are published than the free plan allows", async () => {
    const { auth, business } = await businessOwner(kit.services, "pro");
    for (let i = 0; i < 4; i++) await insertEvent(database.db, business.id, "published");
    const error = await refusal(call("businesses.changePlan", { plan: "free" }, auth));
    expect(error.status).toBe("FAILED_PRECONDITION");
    expect(error.message).toMatch(/allows 3 published events and you have 4/);
    const [row] = await database.db.select().from(businesses).where(eq(businesses.id, business.id));
    expect(row?.plan).toBe("pro");
    // Ended events do not count: with one ended, three remain, and the downgrade goes through.
    const [first] = await database.db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.businessId, business.id))
      .limit(1);
    await database.db
      .update(events)
      .set({
        startsAt: new Date(Date.now() - 3 * 3600_000),
        endsAt: new Date(Date.now() - 3600_000),
      })
      .where(eq(events.id, first?.id ?? ""));
    expect(await call("businesses.changePlan", { plan: "free" }, auth)).toMatchObject({
      plan: "free",
    });
  });

  it("changes nothing when the billing provider refuses", async () => {
    const { user, business } = await businessOwner(kit.services);
    const declining: BillingProvider = {
      name: "declining",
      changePlan: async () => {
        throw new FunctionError("FAILED_PRECONDITION", "Your card was declined.");
      },
    };
    const error = await refusal(changePlan(database.db, user.id, "pro", declining, countPlanUsage));
    expect(error.message).toBe("Your card was declined.");
    const [row] = await database.db.select().from(businesses).where(eq(businesses.id, business.id));
    expect(row?.plan).toBe("free");
  });

  it("refuses plan changes to anyone without a business, and bad plans", async () => {
    const { auth } = await signedInUser(kit.services);
    expect((await refusal(call("businesses.changePlan", { plan: "pro" }, auth))).status).toBe(
      "FAILED_PRECONDITION",
    );
    const error = await refusal(call("businesses.changePlan", { plan: "gold" }, auth));
    expect(error.details).toEqual([{ path: "plan", message: "Choose the free or the pro plan." }]);
  });

  it("refuses the 4th published event that has not ended on free, allows it on pro", async () => {
    const { business } = await businessOwner(kit.services);
    for (let i = 0; i < 3; i++) await insertEvent(database.db, business.id, "published");
    await insertEvent(database.db, business.id, "published", { ended: true });
    await insertEvent(database.db, business.id, "cancelled");
    const error = await refusal(database.db.transaction((tx) => assertCanPublish(tx, business.id)));
    expect(error.status).toBe("FAILED_PRECONDITION");
    expect(error.message).toBe(
      "Your free plan allows 3 published events. Upgrade to Pro to publish more.",
    );
    expect(error.details).toEqual({ reason: "plan-limit", limit: 3 });

    await database.db.update(businesses).set({ plan: "pro" }).where(eq(businesses.id, business.id));
    await expect(
      database.db.transaction((tx) => assertCanPublish(tx, business.id)),
    ).resolves.toBeUndefined();
  });

  it("allows the 3rd published event on free", async () => {
    const { business } = await businessOwner(kit.services);
    for (let i = 0; i < 2; i++) await insertEvent(database.db, business.id, "published");
    await expect(
      database.db.transaction((tx) => assertCanPublish(tx, business.id)),
    ).resolves.toBeUndefined();
  });
});

describe.each(postgresOnly)("the last free slot under concurrency on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: ProfileTestKit;
  beforeAll(async () => {
    database = await open();
    kit = await profileTestKit(database);
  });
  afterAll(() => database?.dispose());

  it("lets exactly one of two simultaneous publishes take the last slot", async () => {
    const { business } = await businessOwner(kit.services);
    for (let i = 0; i < 2; i++) await insertEvent(database.db, business.id, "published");
    const drafts = [
      await insertEvent(database.db, business.id, "draft"),
      await insertEvent(database.db, business.id, "draft"),
    ];
    const publish = (eventId: string) =>
      database.db.transaction(async (tx) => {
        await assertCanPublish(tx, business.id);
        // Widen the window between the count and the update, where a race would slip in.
        await tx.execute(sql`select pg_sleep(0.2)`);
        await tx
          .update(events)
          .set({ status: "published", publishedAt: new Date() })
          .where(and(eq(events.id, eventId), eq(events.status, "draft")));
      });
    const results = await Promise.allSettled(drafts.map((draft) => publish(draft.id)));
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const rejected = results.find((r) => r.status === "rejected");
    expect(rejected?.reason).toBeInstanceOf(FunctionError);
    expect((rejected?.reason as FunctionError | undefined)?.details).toEqual({
      reason: "plan-limit",
      limit: 3,
    });
    const published = await database.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.businessId, business.id), eq(events.status, "published")));
    expect(published).toHaveLength(3);
  });

  it("makes a downgrade wait for a publish in flight, then refuse", async () => {
    const { auth, business } = await businessOwner(kit.services, "pro");
    for (let i = 0; i < 3; i++) await insertEvent(database.db, business.id, "published");
    const draft = await insertEvent(database.db, business.id, "draft");
    const publishing = database.db.transaction(async (tx) => {
      await assertCanPublish(tx, business.id);
      await tx.execute(sql`select pg_sleep(0.3)`);
      await tx.update(events).set({ status: "published" }).where(eq(events.id, draft.id));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const downgrade = refusal(
      registry.invoke(
        "businesses.changePlan",
        { plan: "free" },
        functionContext(kit.services, auth),
      ),
    );
    await publishing;
    const error = await downgrade;
    expect(error.message).toMatch(/you have 4/);
  });
});
