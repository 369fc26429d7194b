import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountRateRules } from "#server/modules/accounts/account-rules.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { bookingsKit, holdAndConfirm } from "#tests/support/kits/bookings-test-kit.ts";
import { makeEvent, nth } from "#tests/support/kits/holds-test-kit.ts";

/** A booking's contact email offered as the account's email (accounts' offerEmailVerification). */
describe.each(testDatabases)("a booking's contact email on $name", (database) => {
  let db: TestDatabase;
  let kit: Awaited<ReturnType<typeof bookingsKit>>;
  beforeAll(async () => {
    db = await database.open();
    kit = await bookingsKit(db);
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  const linksTo = (address: string) =>
    kit.emails.filter((mail) => mail.to === address && /email_token=/.test(mail.text));

  async function book(buyer: Awaited<ReturnType<typeof kit.buyer>>, contactEmail: string) {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 10 }] });
    return holdAndConfirm(buyer, event.id, nth(types, 0).id, 1, { contactEmail });
  }

  it("sends a verification link to the contact email of an account without a verified one", async () => {
    const buyer = await kit.buyer();
    const { booking } = await book(buyer, "contact@example.net");
    expect(booking.status).toBe("confirmed");
    const [link] = linksTo("contact@example.net");
    expect(link?.text).toMatch(/\/profile\?email_token=[0-9a-f-]{36}\./);
    // A second booking while that link is live sends no second one.
    await book(buyer, "contact@example.net");
    expect(linksTo("contact@example.net")).toHaveLength(1);
  });

  it("sends no link when the account has a verified email, or another account has the address", async () => {
    const verified = await kit.buyer({ email: "owner@example.net" });
    await book(verified, "elsewhere@example.net");
    expect(linksTo("elsewhere@example.net")).toEqual([]);
    expect(kit.emails.some((mail) => mail.to === "elsewhere@example.net")).toBe(true);

    await kit.buyer({ email: "taken@example.net" });
    const other = await kit.buyer();
    await book(other, "taken@example.net");
    expect(linksTo("taken@example.net")).toEqual([]);
  });

  it("offers the account's own unverified email too, and stops at the send limit without failing a booking", async () => {
    const buyer = await kit.buyer({ email: "mine@example.net" });
    await db.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, buyer.user.id));
    await book(buyer, "mine@example.net");
    expect(linksTo("mine@example.net")).toHaveLength(1);
    const { limit } = accountRateRules.codeSendPerDestination;
    for (let n = 1; n <= limit; n++) {
      const { booking } = await book(buyer, `other${n}@example.net`);
      expect(booking.status).toBe("confirmed");
    }
    const sent = Array.from(
      { length: limit },
      (_, i) => linksTo(`other${i + 1}@example.net`).length,
    );
    // One link went to mine@, so the limit leaves room for limit - 1 of the others.
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(limit - 1);
    expect(sent.at(-1)).toBe(0);
  });
});
