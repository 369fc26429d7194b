import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentIssueView } from "#contract/payment-issue-view.ts";
import { holds } from "#server/modules/holds/holds.schema.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { eventFields } from "#tests/support/kits/event-test-kit.ts";
import { type PaymentsPerson, paymentsTestKit } from "#tests/support/kits/payments-test-kit.ts";
import { refusal } from "#tests/support/refusal.ts";
import { checkouts } from "./payments.schema.ts";

type Issues = { items: PaymentIssueView[] };

describe.each(testDatabases)("payments needing the organiser on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: ReturnType<typeof paymentsTestKit>;
  let owner: PaymentsPerson;
  let eventId: string;

  beforeAll(async () => {
    database = await open();
    kit = paymentsTestKit(database);
    owner = await kit.person({ business: true });
    ({ eventId } = await owner.call<{ eventId: string }>("events.create", eventFields()));
  });
  afterAll(() => database?.dispose());

  /** A settled card checkout of the event by a new buyer, as the settling code leaves it. */
  async function checkout(buyer: string, columns: Partial<typeof checkouts.$inferInsert>) {
    const person = await kit.person({ name: buyer });
    const [hold] = await database.db
      .insert(holds)
      .values({ userId: person.userId, eventId, status: "expired", expiresAt: new Date() })
      .returning({ id: holds.id });
    if (!hold) throw new Error("no hold");
    await database.db.insert(checkouts).values({
      holdId: hold.id,
      userId: person.userId,
      eventId,
      businessId: owner.businessId,
      provider: "stripe",
      providerCheckoutId: `cs_${hold.id}`,
      attendees: [{ name: buyer }],
      currency: "gbp",
      ticketsMinor: 2500,
      feesMinor: 100,
      taxMinor: 0,
      totalMinor: 2600,
      applicationFeeMinor: 100,
      expiresAt: new Date(),
      ...columns,
    });
  }

  it("lists refunded late payments, mismatched amounts and disputes, newest first", async () => {
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await checkout("Paid Fine", { status: "booked", settledAt: at(50) });
    await checkout("Late Lena", {
      status: "refunded",
      problem: "Sold out while you were paying: refunded",
      paidAmountMinor: 2600,
      paidCurrency: "gbp",
      refundId: "re_1",
      settledAt: at(30),
    });
    await checkout("Odd Otto", {
      status: "flagged",
      problem: "The amount paid (€9.99) does not match the order (€26.00)",
      paidAmountMinor: 999,
      paidCurrency: "gbp",
      settledAt: at(20),
    });
    const disputedAt = at(10);
    await checkout("Disputing Dana", { status: "booked", settledAt: at(40), disputedAt });

    const { items } = await owner.call<Issues>("payments.eventPaymentIssues", { eventId });
    expect(items.map((i) => [i.buyerName, i.amountMinor, i.refund])).toEqual([
      ["Disputing Dana", 2600, null],
      ["Odd Otto", 999, null],
      ["Late Lena", 2600, "refunded"],
    ]);
    expect(items[0]?.whatHappened).toMatch(/disputed/);
    expect(items[0]?.disputedAt).toBe(disputedAt.toISOString());
    expect(items[0]?.at).toBe(disputedAt.toISOString());
    expect(items[1]?.whatHappened).toBe(
      "The amount paid (€9.99) does not match the order (€26.00).",
    );
    expect(items[2]?.whatHappened).toBe("Sold out while you were paying: refunded.");
    expect(items.every((i) => i.currency === "gbp")).toBe(true);
  });

  it("hides another business's event (NOT_FOUND), and an unknown one", async () => {
    const other = await kit.person({ business: true });
    const error = await refusal(other.call("payments.eventPaymentIssues", { eventId }));
    expect(error.status).toBe("NOT_FOUND");
    const unknown = await refusal(
      owner.call("payments.eventPaymentIssues", { eventId: crypto.randomUUID() }),
    );
    expect(unknown.status).toBe("NOT_FOUND");
  });

  it("answers an empty list for an event without problems", async () => {
    const { eventId: quiet } = await owner.call<{ eventId: string }>(
      "events.create",
      eventFields(),
    );
    await expect(
      owner.call<Issues>("payments.eventPaymentIssues", { eventId: quiet }),
    ).resolves.toEqual({ items: [] });
  });
});
