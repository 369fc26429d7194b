import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "#server/modules/accounts/password-hash.ts";
import { sessions } from "#server/platform/auth/auth.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import { crossModuleSteps } from "#server/steps/cross-module-steps.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import {
  functionContext,
  mapCookieJar,
  type ProfileTestKit,
  profileTestKit,
  signedInUser,
} from "#tests/support/kits/profile-test-kit.ts";
import { changePassword } from "./password-change.ts";
import { confirmPhoneChange, requestPhoneChange } from "./phone-change.ts";
import { getPreferences, PREFERENCES_COOKIE, updatePreferences } from "./preferences.ts";
import { profileFunctions } from "./profile.functions.ts";
import { confirmEmail, getProfile, updateProfile } from "./profile-details.ts";

const password = "correct horse battery staple";

function linkToken(text: string): string {
  const match = /email_token=([^\s]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no link in: ${text}`);
  return decodeURIComponent(match[1]);
}

function smsCode(text: string): string {
  const match = /(\d{6})/.exec(text);
  if (!match?.[1]) throw new Error(`no code in: ${text}`);
  return match[1];
}

async function rowOf(database: TestDatabase, id: string) {
  const [row] = await database.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error("no row");
  return row;
}

describe.each(testDatabases)("profile on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: ProfileTestKit;
  beforeAll(async () => {
    database = await open();
    kit = await profileTestKit(database);
  });
  afterAll(() => database?.dispose());

  it("saves the name at once and keeps the old email until the link is opened", async () => {
    const { user, auth } = await signedInUser(kit.services, { email: "old@example.com" });
    const deps = { db: database.db, services: kit.services };
    const sent = await updateProfile(deps, user.id, { name: "Ada King", email: "new@example.com" });
    expect(sent).toEqual({ emailVerificationSent: true });
    const before = await getProfile(deps, user.id);
    expect(before).toMatchObject({
      name: "Ada King",
      email: "old@example.com",
      pendingEmail: "new@example.com",
    });
    const email = kit.emails.at(-1);
    expect(email?.to).toBe("new@example.com");
    const token = linkToken(email?.text ?? "");
    await expect(confirmEmail(deps, auth.userId, token)).resolves.toEqual({
      email: "new@example.com",
    });
    const after = await rowOf(database, user.id);
    expect(after.email).toBe("new@example.com");
    expect(after.emailVerifiedAt).not.toBeNull();
    // Single use.
    await expect(confirmEmail(deps, auth.userId, token)).rejects.toMatchObject({
      status: "FAILED_PRECONDITION",
    });
  });

  it("refuses an email link opened by another account, and a tampered one", async () => {
    const first = await signedInUser(kit.services);
    const second = await signedInUser(kit.services);
    const deps = { db: database.db, services: kit.services };
    await updateProfile(deps, first.user.id, { name: "A", email: "first@example.org" });
    const token = linkToken(kit.emails.at(-1)?.text ?? "");
    await expect(confirmEmail(deps, second.user.id, token)).rejects.toMatchObject({
      status: "FAILED_PRECONDITION",
    });
    await expect(confirmEmail(deps, first.user.id, `${token}x`)).rejects.toMatchObject({
      status: "FAILED_PRECONDITION",
    });
    expect((await rowOf(database, first.user.id)).email).toBeNull();
  });

  it("refuses an email that belongs to another live account, with a field error", async () => {
    await signedInUser(kit.services, { email: "taken@example.com" });
    const { user } = await signedInUser(kit.services);
    const deps = { db: database.db, services: kit.services };
    await expect(
      updateProfile(deps, user.id, { name: "B", email: "Taken@Example.com" }),
    ).rejects.toMatchObject({
      status: "INVALID_ARGUMENT",
      details: [{ path: "email", message: expect.stringContaining("another account") }],
    });
  });

  it("changes the phone only after the SMS code sent to the new number", async () => {
    const { user } = await signedInUser(kit.services);
    const deps = { db: database.db, services: kit.services };
    const { phone } = await requestPhoneChange(deps, user.id, { phone: "+1 202 555 0147" });
    expect(phone).toBe("+12025550147");
    expect((await rowOf(database, user.id)).phone).toBe(user.phone);
    const sms = kit.sms.at(-1);
    expect(sms?.to).toBe("+12025550147");
    const code = smsCode(sms?.text ?? "");
    const wrong = code === "000000" ? "111111" : "000000";
    await expect(confirmPhoneChange(deps, user.id, wrong)).rejects.toMatchObject({
      details: [{ path: "code", message: expect.stringContaining("4 attempts left") }],
    });
    await expect(confirmPhoneChange(deps, user.id, code)).resolves.toEqual({
      phone: "+12025550147",
    });
    expect((await rowOf(database, user.id)).phone).toBe("+12025550147");
  });

  it("refuses a phone number of another live account", async () => {
    const other = await signedInUser(kit.services);
    const { user } = await signedInUser(kit.services);
    const deps = { db: database.db, services: kit.services };
    await expect(
      requestPhoneChange(deps, user.id, { phone: other.user.phone ?? "" }),
    ).rejects.toMatchObject({
      details: [{ path: "phone", message: expect.stringContaining("another account") }],
    });
    await expect(requestPhoneChange(deps, user.id, { phone: "12" })).rejects.toMatchObject({
      details: [{ path: "phone" }],
    });
  });

  it("changes the password with the current one and signs out every other session", async () => {
    const { user, auth } = await signedInUser(kit.services, { password });
    const other = await database.db.transaction((tx) =>
      kit.services.auth.startSession(tx, user.id, { ip: "198.51.100.1", userAgent: "Phone" }),
    );
    const deps = { db: database.db, services: kit.services };
    await expect(
      changePassword(deps, auth, {
        currentPassword: "wrong one!",
        newPassword: "a new long passphrase",
      }),
    ).rejects.toMatchObject({ details: [{ path: "currentPassword" }] });
    await expect(
      changePassword(deps, auth, { currentPassword: password, newPassword: "short" }),
    ).rejects.toMatchObject({ details: [{ path: "newPassword" }] });
    await changePassword(deps, auth, {
      currentPassword: password,
      newPassword: "a new long passphrase",
    });
    const row = await rowOf(database, user.id);
    expect(await verifyPassword(row.passwordHash ?? "", "a new long passphrase")).toBe(true);
    const rows = await database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(other.sessionId)?.revokedAt).not.toBeNull();
    expect(byId.get(auth.sessionId)?.revokedAt).toBeNull();
  });

  it("keeps preferences in the account for users and in a cookie for visitors", async () => {
    const { auth } = await signedInUser(kit.services);
    const signedIn = functionContext(kit.services, auth);
    await expect(getPreferences(signedIn)).resolves.toMatchObject({
      theme: "dark",
      notifyBy: { email: true, sms: false },
    });
    await updatePreferences(signedIn, { theme: "light", notifyBy: { email: false, sms: true } });
    // A new request (no cookies) still finds them: they live in the account.
    await expect(getPreferences(functionContext(kit.services, auth))).resolves.toEqual({
      theme: "light",
      language: "en",
      notifyBy: { email: false, sms: true },
      signedIn: true,
    });

    const jar = mapCookieJar();
    const visitor = functionContext(kit.services, null, jar);
    await updatePreferences(visitor, { theme: "dark", language: "en" });
    expect(JSON.parse(jar.values.get(PREFERENCES_COOKIE) ?? "{}")).toEqual({
      theme: "dark",
      language: "en",
    });
    await expect(
      getPreferences(
        functionContext(
          kit.services,
          null,
          mapCookieJar({ [PREFERENCES_COOKIE]: jar.values.get(PREFERENCES_COOKIE) ?? "" }),
        ),
      ),
    ).resolves.toMatchObject({ theme: "dark", notifyBy: null, signedIn: false });
    await expect(
      updatePreferences(visitor, { notifyBy: { email: true, sms: true } }),
    ).rejects.toMatchObject({ status: "UNAUTHENTICATED" });
    // A forged cookie is ignored, not trusted.
    const forged = mapCookieJar({ [PREFERENCES_COOKIE]: '{"theme":"<script>"}' });
    await expect(
      getPreferences(functionContext(kit.services, null, forged)),
    ).resolves.toMatchObject({
      theme: "auto",
    });
  });

  it("answers anonymous callers UNAUTHENTICATED and bad input with field details", async () => {
    const registry = createRegistry(profileFunctions(crossModuleSteps));
    for (const name of ["profile.get", "profile.update", "profile.deleteAccount"]) {
      await expect(
        registry.invoke(name, {}, functionContext(kit.services, null)),
      ).rejects.toMatchObject({ status: "UNAUTHENTICATED" });
    }
    const { auth } = await signedInUser(kit.services);
    await expect(
      registry.invoke(
        "profile.update",
        { name: "", email: "nope" },
        functionContext(kit.services, auth),
      ),
    ).rejects.toMatchObject({
      status: "INVALID_ARGUMENT",
      details: expect.arrayContaining([
        expect.objectContaining({ path: "name" }),
        expect.objectContaining({ path: "email" }),
      ]),
    });
    await expect(
      registry.invoke(
        "profile.deleteAccount",
        { confirm: true },
        functionContext(kit.services, auth),
      ),
    ).rejects.toMatchObject({ status: "FAILED_PRECONDITION" });
    await expect(
      registry.invoke("profile.externalSignInProvider", null, functionContext(kit.services, null)),
    ).resolves.toBeNull();
  });
});
