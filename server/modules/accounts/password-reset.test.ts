import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "#contract/cookie-names.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { accountsKit, goodPassword } from "#tests/support/accounts-kit.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { newPhone } from "#tests/support/phones.ts";

describe.each(testDatabases)("password reset on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: Awaited<ReturnType<typeof accountsKit>>;
  beforeAll(async () => {
    database = await open();
    kit = await accountsKit(database);
  });
  afterAll(() => database.dispose());

  const registered = (extra: Record<string, unknown> = {}) => kit.registered(extra);

  it("does the same work for an unknown account as for a known one", async () => {
    const { phone, userId } = await registered({ email: "worker@example.com" });
    await database.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, userId));
    const counts = async () => {
      const result = await database.db.execute(sql`select
          (select count(*) from verification_codes)::int as codes,
          (select count(*) from outbound_messages)::int as messages`);
      return (result as unknown as { rows: { codes: number; messages: number }[] }).rows[0];
    };
    const writesOf = async (identifier: string) => {
      const before = await counts();
      await kit.client().call("accounts.requestPasswordReset", { identifier });
      const after = await counts();
      return {
        codes: (after?.codes ?? 0) - (before?.codes ?? 0),
        messages: (after?.messages ?? 0) - (before?.messages ?? 0),
      };
    };
    const known = await writesOf(phone);
    expect(known).toEqual({ codes: 1, messages: 1 });
    expect(await writesOf(newPhone())).toEqual(known);
    expect(await writesOf("worker@example.com")).toEqual(known);
    expect(await writesOf("nobody.here@example.com")).toEqual(known);
    const [withheld] = await database.db
      .execute(sql`select status, body from outbound_messages
        where destination = 'nobody.here@example.com'`)
      .then((result) => (result as unknown as { rows: { status: string; body: string }[] }).rows);
    expect(withheld).toEqual({ status: "withheld", body: "" });
  });

  it("answers the same for known and unknown phones and emails", async () => {
    const { phone } = await registered({ email: "known@example.com" });
    const browser = kit.client();
    const known = await browser.call("accounts.requestPasswordReset", { identifier: phone });
    const unknownPhone = newPhone();
    const unknown = await browser.call("accounts.requestPasswordReset", {
      identifier: unknownPhone,
    });
    expect(known).toEqual({ channel: "sms", destination: phone });
    expect(unknown).toEqual({ channel: "sms", destination: unknownPhone });
    const knownMail = await browser.call("accounts.requestPasswordReset", {
      identifier: "known@example.com",
    });
    const unknownMail = await browser.call("accounts.requestPasswordReset", {
      identifier: "nobody@example.com",
    });
    expect(knownMail).toEqual({ channel: "email", destination: "known@example.com" });
    expect(unknownMail).toEqual({ channel: "email", destination: "nobody@example.com" });
    expect(await kit.messagesTo(unknownPhone)).toEqual([]);
    // The email is not verified: a reset link could reach someone else, so none is sent;
    // the only mail is registration's link to verify the address.
    const mails = await kit.messagesTo("known@example.com");
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Confirm your email address/),
    ]);
  });

  it("sets the password with the SMS code, signs every session out, and tells the owner", async () => {
    const { phone, browser: oldDevice } = await registered();
    const oldSession = oldDevice.jar.get(SESSION_COOKIE) ?? "";
    expect(await kit.services.auth.sessionForToken(oldSession)).not.toBeNull();
    const browser = kit.client();
    await browser.call("accounts.requestPasswordReset", { identifier: phone });
    const code = await kit.lastCode(phone);
    const weak = await browser.fail("accounts.setNewPassword", {
      phone,
      code,
      password: `${phone.slice(1)}x`,
    });
    expect(weak.details[0].path).toBe("password");
    await browser.call("accounts.setNewPassword", {
      phone,
      code,
      password: "a brand new secret 7",
    });
    expect(await kit.services.auth.sessionForToken(oldSession)).toBeNull();
    expect(browser.jar.get(SESSION_COOKIE)).toBeTruthy();
    expect((await kit.lastMessage(phone))?.body).toMatch(/password was just changed/);
    await kit
      .client()
      .call("accounts.signIn", { identifier: phone, password: "a brand new secret 7" });
    const old = await kit
      .client()
      .fail("accounts.signIn", { identifier: phone, password: goodPassword });
    expect(old.status).toBe("UNAUTHENTICATED");
    const reuse = await kit
      .client()
      .fail("accounts.setNewPassword", { phone, code, password: "another secret 99x" });
    expect(reuse.message).toMatch(/already been used/);
  });

  it("judges the password against the account only once the code proved right", async () => {
    const { phone } = await registered({ email: "quiet.heron@example.com" });
    const browser = kit.client();
    await browser.call("accounts.requestPasswordReset", { identifier: phone });
    const code = await kit.lastCode(phone);
    const wrong = code === "000000" ? "111111" : "000000";
    const revealing = "quiet.heron garden path 7";
    // A wrong code with a password naming the account's email: only the code is judged.
    const guess = await browser.fail("accounts.setNewPassword", {
      phone,
      code: wrong,
      password: revealing,
    });
    expect(guess.details[0]).toMatchObject({ path: "code", attemptsLeft: 4 });
    expect(JSON.stringify(guess)).not.toMatch(/email/i);
    // The right code: now the rule may speak, and the code stays usable.
    const right = await browser.fail("accounts.setNewPassword", {
      phone,
      code,
      password: revealing,
    });
    expect(right.details[0]).toMatchObject({
      path: "password",
      message: "Your password must not contain your email address.",
    });
    await browser.call("accounts.setNewPassword", {
      phone,
      code,
      password: "open field lark 31",
    });
  });

  it("sets the password with an emailed link once, for a verified email", async () => {
    const { userId } = await registered({ email: "linked@example.com" });
    await database.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, userId));
    await kit.client().call("accounts.requestPasswordReset", { identifier: "Linked@example.com" });
    const body = (await kit.lastMessage("linked@example.com"))?.body ?? "";
    const token = /token=([\w.-]+)/.exec(body)?.[1] ?? "";
    expect(token).toMatch(/^[0-9a-f-]{36}\.[\w-]{43}$/);
    const [id] = token.split(".");
    const forged = await kit.client().fail("accounts.setNewPassword", {
      token: `${id}.${"x".repeat(43)}`,
      password: "fresh garden secret 1",
    });
    expect(forged.status).toBe("FAILED_PRECONDITION");
    await kit
      .client()
      .call("accounts.setNewPassword", { token, password: "fresh garden secret 1" });
    const again = await kit
      .client()
      .fail("accounts.setNewPassword", { token, password: "fresh garden secret 2" });
    expect(again.status).toBe("FAILED_PRECONDITION");
  });
});
