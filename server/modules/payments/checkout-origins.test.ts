import { describe, expect, it } from "vitest";
import { checkoutPageOrigins } from "./checkout-origins.ts";

const keys = { STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" };

describe("where a page form may send the browser to pay", () => {
  it("is nowhere else while card payments are off", () => {
    expect(checkoutPageOrigins({})).toEqual([]);
  });

  it("is Stripe's hosted checkout, and the test peer when the SDK is pointed at one", () => {
    expect(checkoutPageOrigins(keys)).toEqual([
      "https://checkout.stripe.com",
      "https://connect.stripe.com",
    ]);
    expect(
      checkoutPageOrigins({ ...keys, STRIPE_API_URL: "http://127.0.0.1:12111/some/path" }),
    ).toEqual([
      "https://checkout.stripe.com",
      "https://connect.stripe.com",
      "http://127.0.0.1:12111",
    ]);
  });
});
