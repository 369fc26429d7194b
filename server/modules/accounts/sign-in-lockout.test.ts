import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "#contract/cookie-names.ts";
import { KNOWN_DEVICE_COOKIE } from "#server/platform/auth/known-devices.ts";
import { accountsKit, goodPassword } from "#tests/support/accounts-kit.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { newPhone } from "#tests/support/phones.ts";

/**
 * OWASP's rule for account lockout: an attacker's failures must not lock the owner out.
 * Guesses from many addresses put the account "under attack": new devices then need a
 * one-time code, while the owner's known devices still sign in with the password.
 */
describe.each(testDatabases)("sign-in under attack on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: Awaited<ReturnType<typeof accountsKit>>;

  beforeAll(async () => {
    database = await open();
    kit = await accountsKit(database);
  });
  afterAll(() => database?.dispose());

  async function owner() {
    const phone = newPhone();
    const device = kit.client();
    const pending = await device.call("accounts.register", {
      name: "Owner",
      phone,
      password: goodPassword,
    });
    await device.call("accounts.verifyRegistration", {
      verificationId: pending.verificationId,
      code: await kit.lastCode(phone),
    });
    // Signed out again: the session cookies go, the device stays known.
    for (const name of [...device.jar.keys()]) {
      if (name !== KNOWN_DEVICE_COOKIE) device.jar.delete(name);
    }
    return { phone, device };
  }

  /** Wrong passwords for `phone` from `count` addresses, one each. */
  async function spray(phone: string, count: number) {
    for (let i = 0; i < count; i++) {
      const error = await kit
        .client(`198.51.${Math.floor(i / 250)}.${(i % 250) + 1}`)
        .fail("accounts.signIn", { identifier: phone, password: `guess ${i} aaaaaa` });
      expect(["UNAUTHENTICATED", "FAILED_PRECONDITION"]).toContain(error.status);
    }
  }

  it("lets the owner in with the right password from a device it used before", async () => {
    const { phone, device } = await owner();
    expect(device.jar.get(KNOWN_DEVICE_COOKIE)).toBeTruthy();
    await spray(phone, 40);
    await expect(
      device.call("accounts.signIn", { identifier: phone, password: goodPassword }),
    ).resolves.toMatchObject({ userId: expect.any(String) });
    expect(device.jar.get(SESSION_COOKIE)).toBeTruthy();
  });

  it("asks a new device for a one-time code, right password or not, and the code gets in", async () => {
    const { phone } = await owner();
    await spray(phone, 15);
    const newDevice = kit.client();
    const right = await newDevice.fail("accounts.signIn", {
      identifier: phone,
      password: goodPassword,
    });
    const wrong = await kit.client().fail("accounts.signIn", {
      identifier: phone,
      password: "not it at all 9",
    });
    // The same answer either way: a guesser learns nothing from it.
    expect(right.toJSON()).toEqual(wrong.toJSON());
    expect(right).toMatchObject({
      status: "FAILED_PRECONDITION",
      details: { reason: "code-required" },
    });
    const pending = await newDevice.call("accounts.requestSignInCode", { identifier: phone });
    await expect(
      newDevice.call("accounts.signInWithCode", {
        verificationId: pending.verificationId,
        code: await kit.lastCode(phone),
      }),
    ).resolves.toMatchObject({ userId: expect.any(String) });
  });

  it("gives an unknown account under the same spray the same answers", async () => {
    const nobody = newPhone();
    await spray(nobody, 15);
    const answer = await kit.client().fail("accounts.signIn", {
      identifier: nobody,
      password: goodPassword,
    });
    expect(answer).toMatchObject({ details: { reason: "code-required" } });
  });
});
