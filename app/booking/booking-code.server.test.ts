import { describe, expect, it } from "vitest";
import type { ServerContext } from "#app/server-context.ts";
import { runBookingAction } from "./booking-actions.server.ts";
import { bookingCode } from "./booking-code.server.ts";
import { quantityField } from "./booking-form-fields.ts";

function recordingServer(answer: () => unknown) {
  const calls: { name: string; data: unknown }[] = [];
  const server = {
    invoke: async (name: string, data: unknown) => {
      calls.push({ name, data });
      const result = answer();
      if (result instanceof Error) throw result;
      return result;
    },
  } as unknown as ServerContext;
  return { server, calls };
}

describe("the booking page with a code", () => {
  it("holds with the code the page was opened with", async () => {
    const { server, calls } = recordingServer(() => ({ id: "h1" }));
    const form = new FormData();
    form.set("intent", "hold");
    form.set("idempotencyKey", "k1");
    form.set("code", "EARLY20");
    form.set(quantityField("t1"), "2");
    await runBookingAction(server, "ABC123", form);
    expect(calls).toEqual([
      {
        name: "holds.create",
        data: {
          eventId: "ABC123",
          items: [{ ticketTypeId: "t1", quantity: 2 }],
          idempotencyKey: "k1",
          code: "EARLY20",
        },
      },
    ]);
  });

  it("checks `?code=` and, refused, says why and goes on without it", async () => {
    const expired = Object.assign(new Error("This code has expired."), {
      status: "FAILED_PRECONDITION",
      httpCode: 400,
      details: { reason: "expired" },
    });
    const { server, calls } = recordingServer(() => expired);
    await expect(bookingCode(server, "ABC123", "old")).resolves.toEqual({
      ok: false,
      code: "old",
      message: "This code has expired.",
    });
    expect(calls).toEqual([{ name: "codes.check", data: { eventId: "ABC123", code: "old" } }]);
    await expect(bookingCode(server, "ABC123", null)).resolves.toBeNull();
    expect(calls).toHaveLength(1);
  });
});
