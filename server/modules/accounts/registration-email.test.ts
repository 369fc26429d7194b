import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/platform/auth/users.schema.ts";
import { accountsKit } from "#tests/support/accounts-kit.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";

describe.each(testDatabases)("a registration's email on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: Awaited<ReturnType<typeof accountsKit>>;
  beforeAll(async () => {
    database = await open();
    kit = await accountsKit(database);
  });
  afterAll(() => database.dispose());

  const linksTo = async (email: string) =>
    (await kit.messagesTo(email)).filter((mail) => /\/profile\?email_token=/.test(mail.body));

  it("is stored unverified and sent a link when the phone's code creates the account", async () => {
    await kit.register(undefined, { email: "early@example.com" });
    // Nothing goes to the address before the phone is proven.
    expect(await linksTo("early@example.com")).toEqual([]);
    const { userId } = await kit.registered({ email: "new.member@example.com" });
    const [user] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ email: "new.member@example.com", emailVerifiedAt: null });
    const links = await linksTo("new.member@example.com");
    expect(links).toHaveLength(1);
    expect(links[0]?.subject).toMatch(/^Confirm your email address/);
  });

  it("sends no link to an address another account has (it is left out of the new one)", async () => {
    await kit.registered({ email: "first.owner@example.com" });
    const before = (await linksTo("first.owner@example.com")).length;
    const { userId } = await kit.registered({ email: "first.owner@example.com" });
    const [user] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(user?.email).toBeNull();
    expect(await linksTo("first.owner@example.com")).toHaveLength(before);
  });
});
