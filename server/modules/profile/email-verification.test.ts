import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/platform/auth/users.schema.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import { crossModuleSteps } from "#server/steps/cross-module-steps.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import {
  functionContext,
  type ProfileTestKit,
  profileTestKit,
  signedInUser,
} from "#tests/support/kits/profile-test-kit.ts";
import { profileFunctions } from "./profile.functions.ts";
import { confirmEmail, getProfile, updateProfile } from "./profile-details.ts";
import { sendCodeRule } from "./profile-user.ts";

function linkToken(text: string): string {
  const match = /email_token=([^\s]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no link in: ${text}`);
  return decodeURIComponent(match[1]);
}

describe.each(testDatabases)("verifying the profile's email on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: ProfileTestKit;
  const registry = createRegistry(profileFunctions(crossModuleSteps));
  beforeAll(async () => {
    database = await open();
    kit = await profileTestKit(database);
  });
  afterAll(() => database?.dispose());

  /** A signed-in user whose email is on the account but not verified (as after registering). */
  async function unverified(email: string) {
    const signedIn = await signedInUser(kit.services, { email });
    await database.db
      .update(users)
      .set({ emailVerifiedAt: null })
      .where(eq(users.id, signedIn.user.id));
    const ctx = functionContext(kit.services, signedIn.auth);
    const call = (name: string, data: unknown) => registry.invoke(name, data, ctx);
    return { ...signedIn, call };
  }

  const mailsTo = (address: string) => kit.emails.filter((mail) => mail.to === address);

  it("sends again: a new link that verifies, and the earlier one no longer works", async () => {
    const { user, call } = await unverified("again@example.com");
    const deps = { db: database.db, services: kit.services };
    expect(await getProfile(deps, user.id)).toMatchObject({
      email: "again@example.com",
      emailVerified: false,
    });
    await expect(call("profile.resendEmailVerification", null)).resolves.toEqual({
      email: "again@example.com",
    });
    await call("profile.resendEmailVerification", null);
    const [first, second] = mailsTo("again@example.com").map((mail) => linkToken(mail.text));
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    await expect(confirmEmail(deps, user.id, first ?? "")).rejects.toMatchObject({
      status: "FAILED_PRECONDITION",
    });
    await expect(confirmEmail(deps, user.id, second ?? "")).resolves.toEqual({
      email: "again@example.com",
    });
    expect(await getProfile(deps, user.id)).toMatchObject({
      emailVerified: true,
      pendingEmail: null,
    });
  });

  it("refuses a send beyond the profile's code limit with RESOURCE_EXHAUSTED", async () => {
    const { call } = await unverified("often@example.com");
    for (let sent = 0; sent < sendCodeRule.limit; sent++) {
      await call("profile.resendEmailVerification", null);
    }
    await expect(call("profile.resendEmailVerification", null)).rejects.toMatchObject({
      status: "RESOURCE_EXHAUSTED",
      message: expect.stringMatching(/^Too many attempts\. Please try again in /),
    });
    expect(mailsTo("often@example.com")).toHaveLength(sendCodeRule.limit);
  });

  it("sends a new link when the same unverified address is saved again, none when verified", async () => {
    const { user } = await unverified("same@example.com");
    const deps = { db: database.db, services: kit.services };
    const input = { name: "Ada", email: "Same@Example.com" };
    await expect(updateProfile(deps, user.id, input)).resolves.toEqual({
      emailVerificationSent: true,
    });
    expect(mailsTo("same@example.com")).toHaveLength(1);
    await confirmEmail(deps, user.id, linkToken(mailsTo("same@example.com")[0]?.text ?? ""));
    await expect(updateProfile(deps, user.id, input)).resolves.toEqual({
      emailVerificationSent: false,
    });
    expect(mailsTo("same@example.com")).toHaveLength(1);
  });

  it("drops the address waiting for its link when the verified one is saved again", async () => {
    const { user } = await signedInUser(kit.services, { email: "kept@example.com" });
    const deps = { db: database.db, services: kit.services };
    await updateProfile(deps, user.id, { name: "Ada", email: "next@example.com" });
    expect(await getProfile(deps, user.id)).toMatchObject({ pendingEmail: "next@example.com" });
    const token = linkToken(mailsTo("next@example.com")[0]?.text ?? "");
    await updateProfile(deps, user.id, { name: "Ada", email: "kept@example.com" });
    expect(await getProfile(deps, user.id)).toMatchObject({
      email: "kept@example.com",
      emailVerified: true,
      pendingEmail: null,
    });
    await expect(confirmEmail(deps, user.id, token)).rejects.toMatchObject({
      status: "FAILED_PRECONDITION",
    });
  });

  it("answers FAILED_PRECONDITION when no address waits to be verified", async () => {
    const verified = await signedInUser(kit.services, { email: "done@example.com" });
    const ctx = functionContext(kit.services, verified.auth);
    await expect(
      registry.invoke("profile.resendEmailVerification", null, ctx),
    ).rejects.toMatchObject({ status: "FAILED_PRECONDITION" });
    await expect(
      registry.invoke("profile.resendEmailVerification", null, functionContext(kit.services, null)),
    ).rejects.toMatchObject({ status: "UNAUTHENTICATED" });
  });
});
