import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentAccounts } from "#server/modules/payments/payments.schema.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { eventFields, ticketTypeFields } from "#tests/support/kits/event-test-kit.ts";
import {
  cardSettingsEnv,
  type PaymentsPerson,
  paymentsTestKit,
} from "#tests/support/kits/payments-test-kit.ts";
import { refusal, refusedPaths } from "#tests/support/refusal.ts";
import { ticketTypes } from "./events.schema.ts";

type OwnerEvent = {
  status: string;
  taxRateBp: number;
  taxInclusive: boolean;
  ticketTypes: { name: string; paymentMethod: string }[];
};

describe.each(testDatabases)("card-paid ticket types and tax on $name", ({ open }) => {
  let database: TestDatabase;
  /** Owners on a server that takes cards (the peer is never called here). */
  let cardsOn: ReturnType<typeof paymentsTestKit>;
  let cardsOff: ReturnType<typeof paymentsTestKit>;

  beforeAll(async () => {
    database = await open();
    cardsOn = paymentsTestKit(database, cardSettingsEnv("http://127.0.0.1:9"));
    cardsOff = paymentsTestKit(database);
  });
  afterAll(() => database?.dispose());

  async function draftWith(owner: PaymentsPerson, ticket: Record<string, unknown>) {
    const { eventId } = await owner.call<{ eventId: string }>("events.create", eventFields());
    await owner.call("ticketTypes.create", ticketTypeFields(eventId, ticket));
    return eventId;
  }

  async function setAccount(businessId: string, state: "pending" | "active" | "restricted") {
    await database.db
      .insert(paymentAccounts)
      .values({ businessId, provider: "stripe", accountId: `acct_${businessId}`, state })
      .onConflictDoUpdate({ target: paymentAccounts.businessId, set: { state } });
  }

  describe("publishing", () => {
    it("refuses an event selling by card until the business's account can take charges", async () => {
      const owner = await cardsOn.person({ business: true });
      const eventId = await draftWith(owner, { paymentMethod: "card" });

      const withoutAccount = await refusal(owner.call("events.publish", { eventId }));
      expect(withoutAccount).toMatchObject({
        status: "FAILED_PRECONDITION",
        message:
          "Connect a Stripe account that can take payments before publishing an event with card-paid tickets.",
        details: { reason: "payment-account-needed", link: "/business/payments" },
      });
      for (const state of ["pending", "restricted"] as const) {
        await setAccount(owner.businessId, state);
        const refused = await refusal(owner.call("events.publish", { eventId }));
        expect(refused.status).toBe("FAILED_PRECONDITION");
      }
      const draft = await owner.call<OwnerEvent>("events.getForOwner", { eventId });
      expect(draft.status).toBe("draft");

      await setAccount(owner.businessId, "active");
      await expect(owner.call("events.publish", { eventId })).resolves.toEqual({
        status: "published",
      });
    });

    it("publishes an event paid at the venue, or free, without any account", async () => {
      const owner = await cardsOn.person({ business: true });
      const venue = await draftWith(owner, { paymentMethod: "venue" });
      const free = await draftWith(owner, { paymentMethod: "card", priceMinor: 0 });
      await expect(owner.call("events.publish", { eventId: venue })).resolves.toEqual({
        status: "published",
      });
      await expect(owner.call("events.publish", { eventId: free })).resolves.toEqual({
        status: "published",
      });
    });

    it("refuses a card-paid type on a published event until the account is active, and writes nothing", async () => {
      const owner = await cardsOn.person({ business: true });
      const eventId = await draftWith(owner, { paymentMethod: "venue" });
      await owner.call("events.publish", { eventId });
      const refused = await refusal(
        owner.call(
          "ticketTypes.create",
          ticketTypeFields(eventId, { name: "Card", paymentMethod: "card" }),
        ),
      );
      expect(refused.details).toMatchObject({ reason: "payment-account-needed" });
      const [venueType] = await database.db
        .select({ id: ticketTypes.id })
        .from(ticketTypes)
        .where(eq(ticketTypes.eventId, eventId));
      const switched = await refusal(
        owner.call("ticketTypes.update", {
          ...ticketTypeFields(eventId, { paymentMethod: "card" }),
          eventId: undefined,
          ticketTypeId: venueType?.id,
        }),
      );
      expect(switched.details).toMatchObject({ reason: "payment-account-needed" });
      const rows = await database.db
        .select({ name: ticketTypes.name, paymentMethod: ticketTypes.paymentMethod })
        .from(ticketTypes)
        .where(eq(ticketTypes.eventId, eventId));
      expect(rows).toEqual([{ name: "General admission", paymentMethod: "venue" }]);

      await setAccount(owner.businessId, "active");
      await expect(
        owner.call("ticketTypes.update", {
          ...ticketTypeFields(eventId, { paymentMethod: "card" }),
          eventId: undefined,
          ticketTypeId: venueType?.id,
        }),
      ).resolves.toMatchObject({ paymentMethod: "card" });
    });
  });

  describe("the payment method of a ticket type", () => {
    it("keeps card for a priced type and venue for a free one", async () => {
      const owner = await cardsOn.person({ business: true });
      const { eventId } = await owner.call<{ eventId: string }>("events.create", eventFields());
      await owner.call("ticketTypes.create", ticketTypeFields(eventId, { paymentMethod: "card" }));
      await owner.call(
        "ticketTypes.create",
        ticketTypeFields(eventId, { name: "Free", priceMinor: 0, paymentMethod: "card" }),
      );
      await owner.call("ticketTypes.create", ticketTypeFields(eventId, { name: "Door" }));
      const event = await owner.call<OwnerEvent>("events.getForOwner", { eventId });
      expect(event.ticketTypes.map((t) => [t.name, t.paymentMethod])).toEqual([
        ["General admission", "card"],
        ["Free", "venue"],
        ["Door", "venue"],
      ]);
    });

    it("refuses card on the field while this server takes no cards, saying why", async () => {
      const owner = await cardsOff.person({ business: true });
      const { eventId } = await owner.call<{ eventId: string }>("events.create", eventFields());
      const refused = await refusal(
        owner.call("ticketTypes.create", ticketTypeFields(eventId, { paymentMethod: "card" })),
      );
      expect(refused.status).toBe("INVALID_ARGUMENT");
      expect(refusedPaths(refused)).toEqual(["paymentMethod"]);
      expect(refused.message).toMatch(/Card payments are not set up on this server/);
      // A free type has nothing to pay: the choice does not matter.
      await expect(
        owner.call(
          "ticketTypes.create",
          ticketTypeFields(eventId, { priceMinor: 0, paymentMethod: "card" }),
        ),
      ).resolves.toMatchObject({ paymentMethod: "venue" });
    });

    it("refuses an unknown payment method on its field", async () => {
      const owner = await cardsOn.person({ business: true });
      const { eventId } = await owner.call<{ eventId: string }>("events.create", eventFields());
      const refused = await refusal(
        owner.call("ticketTypes.create", ticketTypeFields(eventId, { paymentMethod: "paypal" })),
      );
      expect(refused.status).toBe("INVALID_ARGUMENT");
      expect(refusedPaths(refused)).toEqual(["paymentMethod"]);
    });
  });

  describe("an event's tax", () => {
    const bad: [string, Record<string, unknown>, string][] = [
      ["above 50 %", { taxRateBp: 5001 }, "taxRateBp"],
      ["negative", { taxRateBp: -1 }, "taxRateBp"],
      ["with three decimals", { taxRateBp: 1234.5 }, "taxRateBp"],
      ["as text", { taxRateBp: "20" }, "taxRateBp"],
      ["inclusive as text", { taxInclusive: "yes" }, "taxInclusive"],
    ];
    it.each(bad)("refuses a rate %s on its field", async (_name, overrides, path) => {
      const owner = await cardsOn.person({ business: true });
      const refused = await refusal(owner.call("events.create", eventFields(overrides)));
      expect(refused.status).toBe("INVALID_ARGUMENT");
      expect(refusedPaths(refused)).toContain(path);
    });

    it("saves the rate and whether it is included, and keeps them when an edit leaves them out", async () => {
      const owner = await cardsOn.person({ business: true });
      const { eventId } = await owner.call<{ eventId: string }>(
        "events.create",
        eventFields({ taxRateBp: 2050, taxInclusive: false }),
      );
      const created = await owner.call<OwnerEvent>("events.getForOwner", { eventId });
      expect([created.taxRateBp, created.taxInclusive]).toEqual([2050, false]);

      await owner.call("events.update", { eventId, ...eventFields({ title: "Renamed" }) });
      const kept = await owner.call<OwnerEvent>("events.getForOwner", { eventId });
      expect([kept.taxRateBp, kept.taxInclusive]).toEqual([2050, false]);

      await owner.call("events.update", {
        eventId,
        ...eventFields({ taxRateBp: 5000, taxInclusive: true }),
      });
      const changed = await owner.call<OwnerEvent>("events.getForOwner", { eventId });
      expect([changed.taxRateBp, changed.taxInclusive]).toEqual([5000, true]);
    });

    it("starts a new event without tax, prices inclusive", async () => {
      const owner = await cardsOn.person({ business: true });
      const { eventId } = await owner.call<{ eventId: string }>("events.create", eventFields());
      const event = await owner.call<OwnerEvent>("events.getForOwner", { eventId });
      expect([event.taxRateBp, event.taxInclusive]).toEqual([0, true]);
    });
  });
});
