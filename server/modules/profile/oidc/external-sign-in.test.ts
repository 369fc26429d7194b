import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { externalIdentities } from "#server/modules/accounts/accounts.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { type ExternalClaims, userForExternalSignIn } from "./external-sign-in.service.ts";

const provider = "https://id.example";
let n = 0;
function claims(overrides: Partial<ExternalClaims> = {}): ExternalClaims {
  n += 1;
  return {
    provider,
    subject: `subject-${n}-${Math.random()}`,
    email: `person${n}-${Math.random().toString(36).slice(2)}@example.com`,
    emailVerified: true,
    name: "Grace Hopper",
    ...overrides,
  };
}

describe.each(testDatabases)("external sign-in accounts on $name", ({ open }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database?.dispose());

  const signIn = (c: ExternalClaims) =>
    database.db.transaction((tx) => userForExternalSignIn(tx, c));

  it("creates a user without a phone, then finds it again by provider and subject", async () => {
    const c = claims();
    const first = await signIn(c);
    expect(first.created).toBe(true);
    const [row] = await database.db.select().from(users).where(eq(users.id, first.userId));
    expect(row).toMatchObject({ phone: null, email: c.email, name: "Grace Hopper" });
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    const again = await signIn({ ...c, email: "changed@example.com" });
    expect(again).toEqual({ userId: first.userId, created: false });
    const links = await database.db
      .select()
      .from(externalIdentities)
      .where(eq(externalIdentities.userId, first.userId));
    expect(links).toHaveLength(1);
  });

  it("links to an existing user by a verified email on both sides", async () => {
    const email = `linked-${Math.random().toString(36).slice(2)}@example.com`;
    const [existing] = await database.db
      .insert(users)
      .values({ phone: "+447400999001", email, emailVerifiedAt: new Date() })
      .returning();
    const result = await signIn(claims({ email: email.toUpperCase() }));
    expect(result).toEqual({ userId: existing?.id, created: false });
  });

  it("does not link when the provider has not verified the email", async () => {
    const email = `unverified-${Math.random().toString(36).slice(2)}@example.com`;
    const [existing] = await database.db
      .insert(users)
      .values({ phone: "+447400999002", email, emailVerifiedAt: new Date() })
      .returning();
    const result = await signIn(claims({ email, emailVerified: false }));
    expect(result.created).toBe(true);
    expect(result.userId).not.toBe(existing?.id);
    const [row] = await database.db.select().from(users).where(eq(users.id, result.userId));
    expect(row?.email).toBeNull();
  });

  it("does not link to an account whose own email is unverified, nor take its address", async () => {
    const email = `squatted-${Math.random().toString(36).slice(2)}@example.com`;
    const [existing] = await database.db
      .insert(users)
      .values({ phone: "+447400999003", email })
      .returning();
    const result = await signIn(claims({ email }));
    expect(result.userId).not.toBe(existing?.id);
    const [row] = await database.db.select().from(users).where(eq(users.id, result.userId));
    expect(row?.email).toBeNull();
  });
});
