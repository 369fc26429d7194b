import { eq, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { externalIdentities, verificationCodes } from "#server/modules/accounts/accounts.schema.ts";
import { refreshTokens, sessions } from "#server/platform/auth/auth.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { accountDeletionSteps } from "#server/steps/account-deletion.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import {
  functionContext,
  mapCookieJar,
  type ProfileTestKit,
  profileTestKit,
  signedInUser,
} from "#tests/support/kits/profile-test-kit.ts";
import {
  confirmIdentityForDeletion,
  DELETION_COOKIE,
  deleteAccount,
  eraseAccount,
  sendDeletionCode,
} from "./account-deletion.service.ts";
import { requestPhoneChange } from "./phone-change.ts";
import { PREFERENCES_COOKIE } from "./preferences.ts";

const password = "correct horse battery staple";

describe.each(testDatabases)("account deletion on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: ProfileTestKit;
  beforeAll(async () => {
    database = await open();
    kit = await profileTestKit(database);
  });
  afterAll(() => database?.dispose());

  async function userWithEverything() {
    const signedIn = await signedInUser(kit.services, { password, email: "ada@example.com" });
    const { user } = signedIn;
    await database.db.insert(externalIdentities).values({
      provider: "https://id.example",
      subject: `sub-${user.id}`,
      userId: user.id,
      email: "ada@example.com",
    });
    // A pending code (phone change) that must go with the account.
    await requestPhoneChange({ db: database.db, services: kit.services }, user.id, {
      phone: `+44740${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`,
    });
    return signedIn;
  }

  it("refuses the final step without re-authentication", async () => {
    const { auth } = await signedInUser(kit.services, { password });
    await expect(
      deleteAccount(functionContext(kit.services, auth), accountDeletionSteps),
    ).rejects.toMatchObject({
      status: "FAILED_PRECONDITION",
    });
  });

  it("erases personal data, sessions, tokens, identities and codes, keeps the row anonymised", async () => {
    const { user, auth, issued } = await userWithEverything();
    const jar = mapCookieJar({ [PREFERENCES_COOKIE]: '{"theme":"dark"}' });
    const ctx = functionContext(kit.services, auth, jar);
    await expect(
      confirmIdentityForDeletion(ctx, { method: "password", password: "not it at all" }, "privacy"),
    ).rejects.toMatchObject({ details: [{ path: "password" }] });
    await confirmIdentityForDeletion(ctx, { method: "password", password }, "privacy");
    expect(jar.values.get(DELETION_COOKIE)).toBeTruthy();

    await expect(deleteAccount(ctx, accountDeletionSteps)).resolves.toEqual({ deleted: true });

    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      name: null,
      phone: null,
      phoneVerifiedAt: null,
      email: null,
      emailVerifiedAt: null,
      passwordHash: null,
      roles: [],
      preferences: {},
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual(
      [],
    );
    expect(
      await database.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.sessionId, issued.sessionId)),
    ).toEqual([]);
    expect(
      await database.db
        .select()
        .from(externalIdentities)
        .where(eq(externalIdentities.userId, user.id)),
    ).toEqual([]);
    expect(
      await database.db
        .select()
        .from(verificationCodes)
        .where(
          or(
            eq(verificationCodes.userId, user.id),
            eq(verificationCodes.destination, user.phone ?? ""),
          ),
        ),
    ).toEqual([]);
    // The old session no longer signs anyone in.
    await expect(kit.services.auth.sessionForToken(issued.sessionToken)).resolves.toBeNull();
    await expect(kit.services.auth.verifyAccessToken(issued.accessToken)).resolves.toBeNull();
    // This browser's cookies are cleared.
    expect(jar.values.has(DELETION_COOKIE)).toBe(false);
    expect(jar.values.has(PREFERENCES_COOKIE)).toBe(false);

    // Cannot be undone or repeated.
    await expect(deleteAccount(ctx, accountDeletionSteps)).rejects.toBeTruthy();

    // The phone number and email can register again.
    const [again] = await database.db
      .insert(users)
      .values({ name: "Someone new", phone: user.phone, email: "ada@example.com" })
      .returning();
    expect(again?.phone).toBe(user.phone);
  });

  it("re-authenticates by SMS code after refusing a wrong one", async () => {
    const { auth } = await signedInUser(kit.services, { password });
    const ctx = functionContext(kit.services, auth);
    await sendDeletionCode(ctx, auth.userId);
    const code = /(\d{6})/.exec(kit.sms.at(-1)?.text ?? "")?.[1] ?? "";
    const wrong = code === "123456" ? "654321" : "123456";
    await expect(
      confirmIdentityForDeletion(ctx, { method: "sms", code: wrong }, undefined),
    ).rejects.toMatchObject({ details: [{ path: "code" }] });
    await confirmIdentityForDeletion(ctx, { method: "sms", code }, undefined);
    await expect(deleteAccount(ctx, accountDeletionSteps)).resolves.toEqual({ deleted: true });
  });

  it("rate limits re-authentication attempts per user", async () => {
    const { auth } = await signedInUser(kit.services, { password });
    const ctx = functionContext(kit.services, auth);
    for (let i = 0; i < 5; i++) {
      await expect(
        confirmIdentityForDeletion(ctx, { method: "password", password: `guess ${i}` }, undefined),
      ).rejects.toMatchObject({ status: "INVALID_ARGUMENT" });
    }
    // Even the right password is refused while blocked.
    await expect(
      confirmIdentityForDeletion(ctx, { method: "password", password }, undefined),
    ).rejects.toMatchObject({ status: "RESOURCE_EXHAUSTED" });
  });

  it("does not accept another session's confirmation", async () => {
    const first = await signedInUser(kit.services, { password });
    const jar = mapCookieJar();
    await confirmIdentityForDeletion(
      functionContext(kit.services, first.auth, jar),
      { method: "password", password },
      undefined,
    );
    const second = await signedInUser(kit.services, { password });
    const stolen = mapCookieJar({ [DELETION_COOKIE]: jar.values.get(DELETION_COOKIE) ?? "" });
    await expect(
      deleteAccount(functionContext(kit.services, second.auth, stolen), accountDeletionSteps),
    ).rejects.toMatchObject({
      status: "FAILED_PRECONDITION",
    });
  });

  it("runs other modules' deletion steps in the same transaction: a failing step undoes everything", async () => {
    const { user } = await signedInUser(kit.services, { password });
    const steps = [
      async () => {
        throw new Error("tickets could not be cancelled");
      },
    ];
    await expect(database.db.transaction((tx) => eraseAccount(tx, user.id, steps))).rejects.toThrow(
      "tickets could not be cancelled",
    );
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ phone: user.phone, deletedAt: null });
    let ran = false;
    await database.db.transaction((tx) =>
      eraseAccount(tx, user.id, [
        async (stepTx, userId) => {
          ran = stepTx === tx && userId === user.id;
        },
      ]),
    );
    expect(ran).toBe(true);
  });
});
