import { describe, expect, it } from "vitest";
import type { ServerContext } from "#app/server-context.ts";
import { runBookingAction } from "./booking-actions.server.ts";
import { attendeeAnswerField, attendeeField, orderAnswerField } from "./booking-form-fields.ts";

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

function answeredForm(intent: "confirm" | "pay"): FormData {
  const form = new FormData();
  form.set("intent", intent);
  form.set("holdId", "h1");
  form.set("idempotencyKey", "confirm-h1");
  form.set(attendeeField(0), "Ada");
  form.set(attendeeAnswerField(0, "q-size"), "M");
  form.set(attendeeAnswerField(0, "q-diet"), "");
  form.set(attendeeField(1), "Grace");
  form.set(attendeeAnswerField(1, "q-size"), "L");
  form.set(orderAnswerField("q-photo"), "yes");
  form.set("contactEmail", "ada@example.com");
  return form;
}

const refused = Object.assign(new Error("Check the answers."), {
  status: "INVALID_ARGUMENT",
  httpCode: 400,
  details: [
    { path: "attendees.1.answers.q-size", message: "Answer this question." },
    { path: "answers.q-photo", message: "Tick this box to go on." },
    { path: "attendees.0.name", message: "Enter the attendee's name." },
  ],
});

describe("the booking page's answers", () => {
  it("sends each attendee's answers with the name and the order's at the top", async () => {
    const { server, calls } = recordingServer(() => ({ reference: "R1" }));
    await runBookingAction(server, "ABC123", answeredForm("confirm"));
    expect(calls).toEqual([
      {
        name: "bookings.confirm",
        data: {
          holdId: "h1",
          attendees: [
            { name: "Ada", answers: { "q-size": "M", "q-diet": "" } },
            { name: "Grace", answers: { "q-size": "L" } },
          ],
          answers: { "q-photo": "yes" },
          contactEmail: "ada@example.com",
          idempotencyKey: "confirm-h1",
        },
      },
    ]);
  });

  it("sends them to the card checkout too", async () => {
    const { server, calls } = recordingServer(() => ({ url: "https://pay.example/c1" }));
    await runBookingAction(server, "ABC123", answeredForm("pay"));
    expect(calls[0]).toMatchObject({
      name: "payments.startCheckout",
      data: {
        attendees: [
          { name: "Ada", answers: { "q-size": "M" } },
          { name: "Grace", answers: { "q-size": "L" } },
        ],
        answers: { "q-photo": "yes" },
      },
    });
  });

  it("sends no answers when none were asked", async () => {
    const { server, calls } = recordingServer(() => ({ reference: "R1" }));
    const form = new FormData();
    form.set("intent", "confirm");
    form.set("holdId", "h1");
    form.set(attendeeField(0), "Ada");
    await runBookingAction(server, "ABC123", form);
    expect(calls[0]?.data).toMatchObject({ attendees: [{ name: "Ada" }] });
    expect(calls[0]?.data).not.toHaveProperty("answers");
    expect(calls[0]?.data).not.toHaveProperty("attendees.0.answers");
  });

  it("puts the server's refusals on the answers' own fields, keeping what was typed", async () => {
    const { server } = recordingServer(() => refused);
    const response = (await runBookingAction(server, "ABC123", answeredForm("confirm"))) as {
      data: { intent: string; failure: { fieldErrors: Record<string, string> } & object };
      init: { status: number };
    };
    expect(response.init.status).toBe(400);
    expect(response.data.failure.fieldErrors).toEqual({
      [attendeeAnswerField(1, "q-size")]: "Answer this question.",
      [orderAnswerField("q-photo")]: "Tick this box to go on.",
      [attendeeField(0)]: "Enter the attendee's name.",
    });
    expect(response.data.failure).toMatchObject({
      values: { [attendeeAnswerField(0, "q-size")]: "M", [attendeeField(1)]: "Grace" },
    });
  });
});
