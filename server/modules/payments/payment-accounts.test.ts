import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { type PaymentsPerson, paymentsTestKit } from "#tests/support/kits/payments-test-kit.ts";
import { refusal } from "#tests/support/refusal.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import type { PaymentEvent } from "./payment-provider.ts";
import { paymentAccounts } from "./payments.schema.ts";
import { webhookHandlers } from "./webhook-handlers.ts";

type AccountView = {
  cardPayments: { on: boolean; reason: string | null };
  account: { state: string; connectedAt: string } | null;
};

describe.each(testDatabases)("a business's payment account on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: ReturnType<typeof paymentsTestKit>;

  beforeAll(async () => {
    database = await open();
    kit = paymentsTestKit(database);
  });
  afterAll(() => database?.dispose());

  async function accountRow(owner: PaymentsPerson, state: "pending" | "active", updatedAt: Date) {
    const accountId = `acct_${owner.businessId.slice(0, 8)}`;
    await database.db
      .insert(paymentAccounts)
      .values({ businessId: owner.businessId, provider: "stripe", accountId, state, updatedAt });
    return accountId;
  }

  /** The `account.updated` handler, in a transaction as the webhook intake runs it. */
  async function deliver(accountId: string, state: "active" | "restricted", created: Date) {
    const event: PaymentEvent = {
      id: `evt_${crypto.randomUUID()}`,
      provider: "stripe",
      created,
      kind: "account.updated",
      account: { accountId, state },
    };
    const handler = webhookHandlers["account.updated"];
    if (!handler) throw new Error("no account.updated handler");
    const deps = { db: database.db, provider: null } as unknown as PaymentDeps;
    await database.db.transaction(async (tx) => {
      await handler(tx, event, deps);
    });
  }

  async function stateOf(owner: PaymentsPerson) {
    const [row] = await database.db
      .select({ state: paymentAccounts.state })
      .from(paymentAccounts)
      .where(eq(paymentAccounts.businessId, owner.businessId));
    return row?.state;
  }

  it("says cards are off on a server without Stripe keys, and why", async () => {
    const owner = await kit.person({ business: true });
    const view = await owner.call<AccountView>("payments.account", null);
    expect(view.account).toBeNull();
    expect(view.cardPayments.on).toBe(false);
    expect(view.cardPayments.reason).toMatch(/STRIPE_SECRET_KEY/);
    const refused = await refusal(owner.call("payments.connectAccount", null));
    expect(refused).toMatchObject({
      status: "FAILED_PRECONDITION",
      details: { reason: "card-payments-off" },
    });
    expect(await stateOf(owner)).toBeUndefined();
  });

  it("refuses someone without a business, and a suspended business", async () => {
    const visitor = await kit.person();
    const none = await refusal(visitor.call("payments.account", null));
    expect(none).toMatchObject({
      status: "FAILED_PRECONDITION",
      details: { reason: "no-business" },
    });
    const suspended = await kit.person({ business: true });
    await database.db
      .update(businesses)
      .set({ status: "suspended" })
      .where(eq(businesses.id, suspended.businessId));
    const refused = await refusal(suspended.call("payments.connectAccount", null));
    expect(refused.status).toBe("PERMISSION_DENIED");
  });

  it("shows the state and when it was connected", async () => {
    const owner = await kit.person({ business: true });
    await accountRow(owner, "active", new Date());
    const view = await owner.call<AccountView>("payments.account", null);
    expect(view.account?.state).toBe("active");
    expect(Date.parse(view.account?.connectedAt ?? "")).not.toBeNaN();
  });

  it("moves the state on account.updated, and ignores an event older than the state", async () => {
    const owner = await kit.person({ business: true });
    const accountId = await accountRow(owner, "pending", new Date(Date.now() - 60_000));
    await deliver(accountId, "active", new Date());
    expect(await stateOf(owner)).toBe("active");
    // Sent before the one above, delivered after it: stale.
    await deliver(accountId, "restricted", new Date(Date.now() - 30_000));
    expect(await stateOf(owner)).toBe("active");
    await deliver(accountId, "restricted", new Date(Date.now() + 2_000));
    expect(await stateOf(owner)).toBe("restricted");
  });

  it("ignores account.updated for an account nobody has", async () => {
    const owner = await kit.person({ business: true });
    await accountRow(owner, "pending", new Date(Date.now() - 60_000));
    await deliver("acct_unknown", "active", new Date());
    expect(await stateOf(owner)).toBe("pending");
  });
});
