import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSettings, SettingsError } from "#server/config.ts";
import { cardPaymentsOff } from "./payment-settings.ts";
import { providerOf } from "./provider-of.ts";

const scratch = () => path.join(mkdtempSync(path.join(tmpdir(), "payment-settings-")), "pglite");
const keys = { STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc123" };
const load = (env: Record<string, string>) => loadSettings({ PGLITE_DIR: scratch(), ...env });

describe("card payment settings", () => {
  it("are off without keys, saying why, and give no provider", () => {
    const settings = load({});
    expect(cardPaymentsOff(settings)).toMatch(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(providerOf(settings)).toBeNull();
    expect(settings.PLATFORM_FEE_PERCENT).toBe(0);
    expect(settings.PRO_PLAN_CURRENCY).toBe("eur");
  });

  it("are on with both keys, with one provider per settings object", () => {
    const settings = load({ ...keys, PLATFORM_FEE_PERCENT: "2.5", PLATFORM_FEE_FIXED_MINOR: "30" });
    expect(cardPaymentsOff(settings)).toBeNull();
    expect(settings).toMatchObject({ PLATFORM_FEE_PERCENT: 2.5, PLATFORM_FEE_FIXED_MINOR: 30 });
    const provider = providerOf(settings);
    expect(provider?.name).toBe("stripe");
    expect(providerOf(settings)).toBe(provider);
    expect(providerOf(load(keys))).not.toBe(provider);
  });

  it("stop the start on a bad key, naming the setting", () => {
    const attempt = () => load({ ...keys, STRIPE_SECRET_KEY: "pk_test_abc123" });
    expect(attempt).toThrow(SettingsError);
    expect(attempt).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
    expect(() => load({ ...keys, STRIPE_WEBHOOK_SECRET: "secret" })).toThrow(
      /STRIPE_WEBHOOK_SECRET: must be a webhook signing secret/,
    );
    expect(() => load({ ...keys, STRIPE_API_URL: "ftp://peer" })).toThrow(/STRIPE_API_URL/);
  });

  it("stop the start when only one of the two keys is set", () => {
    expect(() => load({ STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toThrow(
      /STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY/,
    );
    expect(() => load({ STRIPE_WEBHOOK_SECRET: keys.STRIPE_WEBHOOK_SECRET })).toThrow(
      /STRIPE_SECRET_KEY: required with STRIPE_WEBHOOK_SECRET/,
    );
  });

  it("stop the start on a bad fee, naming it", () => {
    expect(() => load({ PLATFORM_FEE_PERCENT: "60" })).toThrow(
      /PLATFORM_FEE_PERCENT: must be between 0 and 50/,
    );
    expect(() => load({ PLATFORM_FEE_PERCENT: "lots" })).toThrow(
      /PLATFORM_FEE_PERCENT: must be a number/,
    );
    expect(() => load({ PLATFORM_FEE_FIXED_MINOR: "0.5" })).toThrow(
      /PLATFORM_FEE_FIXED_MINOR: must be a whole number of cents/,
    );
    expect(() => load({ PRO_PLAN_CURRENCY: "euro" })).toThrow(
      /PRO_PLAN_CURRENCY: must be a three-letter/,
    );
  });
});
