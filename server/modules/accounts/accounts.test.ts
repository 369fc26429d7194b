import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "#contract/cookie-names.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { accountsKit, goodPassword } from "#tests/support/accounts-kit.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { newPhone } from "#tests/support/phones.ts";
import { signInFailedMessage } from "./account-errors.ts";
import { verificationCodes } from "./accounts.schema.ts";

describe.each(testDatabases)("accounts on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: Awaited<ReturnType<typeof accountsKit>>;
  beforeAll(async () => {
    database = await open();
    kit = await accountsKit(database);
  });
  afterAll(() => database.dispose());

  const register = (...args: Parameters<typeof kit.register>) => kit.register(...args);
  const registered = (extra: Record<string, unknown> = {}) => kit.registered(extra);

  describe("registration", () => {
    it("keeps the registration pending, sends a code, and creates the account on the right code", async () => {
      const phone = newPhone();
      const national = `0${phone.slice(3)}`;
      const { browser, pending } = await register(national, { region: "GB" });
      expect(pending).toMatchObject({
        purpose: "register",
        destination: expect.stringMatching(/\d{4}$/),
      });
      expect(await database.db.select().from(users).where(eq(users.phone, phone))).toEqual([]);
      const [row] = await database.db
        .select()
        .from(verificationCodes)
        .where(eq(verificationCodes.id, pending.verificationId));
      const code = await kit.lastCode(phone);
      expect(row?.codeHash).not.toContain(code);
      expect(JSON.stringify(row?.payload)).not.toContain(goodPassword);

      const result = await browser.call("accounts.verifyRegistration", {
        verificationId: pending.verificationId,
        code,
      });
      const [user] = await database.db.select().from(users).where(eq(users.id, result.userId));
      expect(user).toMatchObject({
        phone,
        name: "Ada Lovelace",
        phoneVerifiedAt: expect.any(Date),
      });
      expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(browser.jar.get(SESSION_COOKIE)).toBeTruthy();
      const [used] = await database.db
        .select()
        .from(verificationCodes)
        .where(eq(verificationCodes.id, pending.verificationId));
      expect(used?.payload).toEqual({});
    });

    it("refuses a weak password and a bad phone number with field errors, sending nothing", async () => {
      const browser = kit.client();
      const phone = newPhone();
      const weak = await browser.fail("accounts.register", {
        name: "A",
        phone,
        password: "qwertyuiop",
      });
      expect(weak.details).toEqual([
        { path: "password", message: expect.stringMatching(/too common/) },
      ]);
      const bad = await browser.fail("accounts.register", {
        name: "A",
        phone: "12345",
        region: "GB",
        password: goodPassword,
      });
      expect(bad.details).toEqual([{ path: "phone", message: expect.any(String) }]);
      expect(await kit.messagesTo(phone)).toEqual([]);
    });

    it("fails the 6th attempt even with the right code", async () => {
      const { browser, pending, phone } = await register();
      const code = await kit.lastCode(phone);
      const wrong = code === "000000" ? "111111" : "000000";
      const left: number[] = [];
      for (let i = 0; i < 5; i++) {
        const error = await browser.fail("accounts.verifyRegistration", {
          verificationId: pending.verificationId,
          code: wrong,
        });
        left.push(error.details[0].attemptsLeft);
      }
      expect(left).toEqual([4, 3, 2, 1, 0]);
      const sixth = await browser.fail("accounts.verifyRegistration", {
        verificationId: pending.verificationId,
        code,
      });
      expect(sixth.status).toBe("FAILED_PRECONDITION");
      expect(sixth.message).toMatch(/Too many wrong codes/);
      expect(await database.db.select().from(users).where(eq(users.phone, phone))).toEqual([]);
    });

    it("refuses an expired code", async () => {
      const { browser, pending, phone } = await register();
      await database.db
        .update(verificationCodes)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(verificationCodes.id, pending.verificationId));
      const error = await browser.fail("accounts.verifyRegistration", {
        verificationId: pending.verificationId,
        code: await kit.lastCode(phone),
      });
      expect(error.message).toMatch(/expired/);
    });

    it("accepts a code once only", async () => {
      const { browser, pending, phone } = await register();
      const code = await kit.lastCode(phone);
      await browser.call("accounts.verifyRegistration", {
        verificationId: pending.verificationId,
        code,
      });
      const again = await kit
        .client()
        .fail("accounts.verifyRegistration", { verificationId: pending.verificationId, code });
      expect(again.message).toMatch(/already been used/);
    });

    it("answers a registered phone like any other, and tells its owner instead of sending a code", async () => {
      const { phone } = await registered();
      const second = await register(phone);
      expect(Object.keys(second.pending).sort()).toEqual(
        ["destination", "expiresAt", "purpose", "resendAvailableAt", "verificationId"].sort(),
      );
      const text = (await kit.lastMessage(phone))?.body ?? "";
      expect(text).toMatch(/already has one/);
      expect(text).not.toMatch(/\b\d{6}\b/);
      const error = await second.browser.fail("accounts.verifyRegistration", {
        verificationId: second.pending.verificationId,
        code: "123456",
      });
      expect(error.details[0].attemptsLeft).toBe(4);
    });

    it("makes a resend wait for the cooldown, then replaces the code", async () => {
      const { browser, pending, phone } = await register();
      const first = await kit.lastCode(phone);
      const early = await browser.fail("accounts.resendCode", {
        verificationId: pending.verificationId,
      });
      expect(early.status).toBe("RESOURCE_EXHAUSTED");
      expect(early.details.retryAfterSeconds).toBeGreaterThan(30);
      await database.db
        .update(verificationCodes)
        .set({ createdAt: sql`now() - interval '61 seconds'` })
        .where(eq(verificationCodes.id, pending.verificationId));
      const status = await browser.call("accounts.resendCode", {
        verificationId: pending.verificationId,
      });
      expect(status).toMatchObject({ state: "pending", attemptsLeft: 5 });
      const second = await kit.lastCode(phone);
      if (second !== first) {
        const stale = await browser.fail("accounts.verifyRegistration", {
          verificationId: pending.verificationId,
          code: first,
        });
        expect(stale.status).toBe("INVALID_ARGUMENT");
      }
      await browser.call("accounts.verifyRegistration", {
        verificationId: pending.verificationId,
        code: second,
      });
    });
  });

  describe("sign-in", () => {
    it("signs in with phone (national format) or email and the password", async () => {
      const { phone } = await registered({ email: "Grace.Hopper@example.com" });
      const byPhone = kit.client();
      await byPhone.call("accounts.signIn", {
        identifier: `0${phone.slice(3)}`,
        region: "GB",
        password: goodPassword,
      });
      expect(byPhone.jar.get(SESSION_COOKIE)).toBeTruthy();
      const byEmail = kit.client();
      await byEmail.call("accounts.signIn", {
        identifier: "grace.hopper@EXAMPLE.com",
        password: goodPassword,
      });
      expect(byEmail.jar.get(SESSION_COOKIE)).toBeTruthy();
    });

    it("gives one generic failure for an unknown account and a wrong password", async () => {
      const { phone } = await registered();
      const browser = kit.client();
      const wrong = await browser.fail("accounts.signIn", {
        identifier: phone,
        password: "wrong password 1",
      });
      const unknown = await browser.fail("accounts.signIn", {
        identifier: newPhone(),
        password: goodPassword,
      });
      const unknownEmail = await browser.fail("accounts.signIn", {
        identifier: "nobody@example.com",
        password: goodPassword,
      });
      for (const error of [wrong, unknown, unknownEmail]) {
        expect(error.toJSON()).toEqual({ status: "UNAUTHENTICATED", message: signInFailedMessage });
      }
      expect(browser.jar.size).toBe(0);
    });

    it("stops guesses from one address after 5 wrong passwords, not the owner elsewhere", async () => {
      const { phone } = await registered();
      const attacker = kit.client();
      for (let i = 0; i < 5; i++) {
        await attacker.fail("accounts.signIn", {
          identifier: phone,
          password: `wrong ${i} xxxxxx`,
        });
      }
      const blocked = await attacker.fail("accounts.signIn", {
        identifier: phone,
        password: goodPassword,
      });
      expect(blocked.status).toBe("RESOURCE_EXHAUSTED");
      expect(blocked.details.retryAfterSeconds).toBeGreaterThan(0);
      await expect(
        kit.client().call("accounts.signIn", { identifier: phone, password: goodPassword }),
      ).resolves.toMatchObject({ userId: expect.any(String) });
    });

    it("counts an account's phone and email as one account", async () => {
      const { phone, userId } = await registered({ email: "one.count@example.com" });
      await database.db
        .update(users)
        .set({ emailVerifiedAt: new Date() })
        .where(eq(users.id, userId));
      const attacker = kit.client();
      for (let i = 0; i < 5; i++) {
        await attacker.fail("accounts.signIn", {
          identifier: i % 2 ? phone : "one.count@example.com",
          password: `wrong ${i} xxxxxx`,
        });
      }
      const sixth = await attacker.fail("accounts.signIn", {
        identifier: "One.Count@example.com",
        password: "wrong 6 xxxxxx",
      });
      expect(sixth.status).toBe("RESOURCE_EXHAUSTED");
    });

    it("signs in with a one-time code by SMS, and not with a made-up one for an unknown phone", async () => {
      const { phone, userId } = await registered();
      const browser = kit.client();
      const pending = await browser.call("accounts.requestSignInCode", { identifier: phone });
      expect(pending.destination).toBeNull();
      const result = await browser.call("accounts.signInWithCode", {
        verificationId: pending.verificationId,
        code: await kit.lastCode(phone),
      });
      expect(result.userId).toBe(userId);
      expect(browser.jar.get(SESSION_COOKIE)).toBeTruthy();

      const stranger = newPhone();
      const other = await browser.call("accounts.requestSignInCode", { identifier: stranger });
      expect(Object.keys(other).sort()).toEqual(Object.keys(pending).sort());
      expect(await kit.messagesTo(stranger)).toEqual([]);
    });
  });
});
