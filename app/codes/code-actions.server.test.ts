import { describe, expect, it } from "vitest";
import type { ServerContext } from "#app/server-context.ts";
import { runCodesPageIntent } from "./code-actions.server.ts";

/** A server that records the codes page's calls and answers with `answer`. */
function recordingServer(answer: (name: string) => unknown) {
  const calls: { name: string; data: unknown }[] = [];
  const server = {
    invoke: async (name: string, data: unknown) => {
      calls.push({ name, data });
      const result = answer(name);
      if (result instanceof Error) throw result;
      return result;
    },
  } as unknown as ServerContext;
  return { server, calls };
}

/** A refusal as the server's FunctionError carries it (pages see its shape only). */
function refusal(status: string, httpCode: number, message: string, details: unknown) {
  return Object.assign(new Error(message), { status, httpCode, details });
}

function codeForm(fields: Record<string, string | string[]>): FormData {
  const form = new FormData();
  form.set("intent", "code-save");
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  return form;
}

describe("the codes page's forms", () => {
  it("save a code with its window read in the event's zone and say so", async () => {
    const { server, calls } = recordingServer(() => ({ code: "EARLY20" }));
    const answer = await runCodesPageIntent(
      server,
      "e1",
      "America/New_York",
      codeForm({
        promoCode: "early20",
        discountKind: "fixed",
        amount: "2.50",
        maxUses: "",
        maxPerPerson: "2",
        validFromLocal: "",
        validUntilLocal: "2026-12-24T18:00",
        ticketTypeIds: ["t1"],
      }),
    );
    expect(answer.result).toEqual({ intent: "code-save", ok: true, notice: "EARLY20 added." });
    expect(calls).toEqual([
      {
        name: "codes.save",
        data: {
          eventId: "e1",
          code: "early20",
          discount: { kind: "fixed", amountMinor: 250 },
          maxUses: null,
          maxPerPerson: 2,
          validFrom: null,
          validUntil: "2026-12-24T23:00:00.000Z",
          ticketTypeIds: ["t1"],
        },
      },
    ]);
  });

  it("puts the function's refusals on the form's own fields, keeping what was typed", async () => {
    const { server } = recordingServer(() =>
      refusal("INVALID_ARGUMENT", 400, "Check the fields.", [
        { path: "code", message: "Use 3 to 40 letters, digits, - or _." },
        { path: "discount.percent", message: "Enter a percentage from 1 to 100." },
        { path: "validUntil", message: "Choose an end after the start." },
      ]),
    );
    const answer = await runCodesPageIntent(
      server,
      "e1",
      "UTC",
      codeForm({ promoCode: "x!", discountKind: "percent", percent: "150" }),
    );
    expect(answer.status).toBe(400);
    expect(answer.result.ok).toBe(false);
    if (answer.result.ok) return;
    expect(answer.result.failure.fieldErrors).toEqual({
      promoCode: "Use 3 to 40 letters, digits, - or _.",
      percent: "Enter a percentage from 1 to 100.",
      validUntilLocal: "Choose an end after the start.",
    });
    expect(answer.result.failure.values).toMatchObject({ promoCode: "x!", percent: "150" });
  });

  it("says a duplicate code at the top of the form", async () => {
    const { server } = recordingServer(() =>
      refusal("ALREADY_EXISTS", 409, "This event already has the code EARLY20.", undefined),
    );
    const answer = await runCodesPageIntent(
      server,
      "e1",
      "UTC",
      codeForm({ promoCode: "EARLY20", discountKind: "none" }),
    );
    expect(answer.result).toMatchObject({
      ok: false,
      failure: { message: "This event already has the code EARLY20.", fieldErrors: {} },
    });
  });

  it("refuses a time that is no time before calling anything", async () => {
    const { server, calls } = recordingServer(() => ({}));
    const answer = await runCodesPageIntent(
      server,
      "e1",
      "UTC",
      codeForm({ promoCode: "SOON", discountKind: "none", validFromLocal: "soon" }),
    );
    expect(calls).toEqual([]);
    expect(answer.result).toMatchObject({
      ok: false,
      failure: { fieldErrors: { validFromLocal: "Enter a valid date and time." } },
    });
  });

  it("removes a code by its id", async () => {
    const { server, calls } = recordingServer(() => ({ removed: true }));
    const form = new FormData();
    form.set("intent", "code-remove");
    form.set("id", "c1");
    form.set("promoCode", "PRESS");
    const answer = await runCodesPageIntent(server, "e1", "UTC", form);
    expect(calls).toEqual([{ name: "codes.remove", data: { eventId: "e1", id: "c1" } }]);
    expect(answer.result).toEqual({ intent: "code-remove", ok: true, notice: "PRESS removed." });
  });
});
