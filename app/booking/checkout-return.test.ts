import { describe, expect, it } from "vitest";
import type { ServerContext } from "#app/server-context.ts";
import type { CheckoutStatusView } from "#contract/checkout-view.ts";
import { checkoutReturn } from "./checkout-return.server.ts";

/** The server as the loader sees it, answering payments.checkoutStatus with `view`. */
function serverAnswering(view: Partial<CheckoutStatusView> | Error): ServerContext {
  return {
    invoke: async () => {
      if (view instanceof Error) throw view;
      return {
        checkoutId: "c1",
        holdId: "h1",
        eventShortId: "ABC123",
        bookingReference: null,
        message: null,
        expiresAt: "2026-12-01T18:42:00.000Z",
        status: "open",
        ...view,
      };
    },
  } as unknown as ServerContext;
}

const refusal = (status: string, httpCode: number) =>
  Object.assign(new Error("Checkout not found."), { status, httpCode });

describe("back from the payment page", () => {
  it("goes on to the booking once it is made", async () => {
    await expect(
      checkoutReturn(
        serverAnswering({ status: "booked", bookingReference: "K7QM-3TPX" }),
        "c1",
        false,
      ),
    ).resolves.toEqual({ redirectTo: "/booking_refrence?reference=K7QM-3TPX" });
  });

  it("confirms while the payment is not known yet, and shows the hold again when cancelled there", async () => {
    await expect(checkoutReturn(serverAnswering({}), "c1", false)).resolves.toEqual({
      kind: "confirming",
    });
    await expect(checkoutReturn(serverAnswering({}), "c1", true)).resolves.toEqual({
      kind: "cancelled",
      message: null,
    });
    const declined = "Your card was declined. Try another card.";
    await expect(
      checkoutReturn(serverAnswering({ message: declined }), "c1", true),
    ).resolves.toEqual({ kind: "cancelled", message: declined });
  });

  it("says why a paid checkout gave no booking", async () => {
    const answer = await checkoutReturn(serverAnswering({ status: "refunded" }), "c1", false);
    expect(answer).toMatchObject({ kind: "problem" });
    expect(JSON.stringify(answer)).toContain("refunded to your card");
  });

  it("ignores another person's or an unknown checkout, but not a failure of ours", async () => {
    await expect(
      checkoutReturn(serverAnswering(refusal("NOT_FOUND", 404)), "c1", false),
    ).resolves.toBeNull();
    await expect(
      checkoutReturn(serverAnswering(refusal("INTERNAL", 500)), "c1", false),
    ).rejects.toThrow();
  });
});
