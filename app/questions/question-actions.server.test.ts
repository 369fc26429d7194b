import { describe, expect, it } from "vitest";
import type { ServerContext } from "#app/server-context.ts";
import { runQuestionsPageIntent } from "./question-actions.server.ts";

/** A server that records the questions page's calls and answers with `answer`. */
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

function refusal(status: string, httpCode: number, message: string, details: unknown) {
  return Object.assign(new Error(message), { status, httpCode, details });
}

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) data.append(name, one);
  }
  return data;
}

describe("the questions page's forms", () => {
  it("add a choice with its options one per line, blank lines dropped", async () => {
    const { server, calls } = recordingServer(() => ({ id: "q1" }));
    const answer = await runQuestionsPageIntent(
      server,
      "e1",
      form({
        intent: "question-save",
        label: "T-shirt size",
        kind: "choice",
        options: " S\r\nM\n\nL \n",
        required: "on",
        scope: "attendee",
        ticketTypeIds: ["t1", "t2"],
      }),
    );
    expect(answer.result).toEqual({ intent: "question-save", ok: true, notice: "Question added." });
    expect(calls).toEqual([
      {
        name: "questions.save",
        data: {
          eventId: "e1",
          label: "T-shirt size",
          kind: "choice",
          options: ["S", "M", "L"],
          required: true,
          scope: "attendee",
          ticketTypeIds: ["t1", "t2"],
        },
      },
    ]);
  });

  it("save an edited one by its id, optional, its stray options not sent for a text", async () => {
    const { server, calls } = recordingServer(() => ({ id: "q1" }));
    const answer = await runQuestionsPageIntent(
      server,
      "e1",
      form({
        intent: "question-save",
        id: "q1",
        label: "Dietary needs",
        kind: "text",
        options: "left over",
        scope: "order",
      }),
    );
    expect(answer.result).toMatchObject({ ok: true, notice: "Question saved." });
    expect(calls[0]?.data).toEqual({
      eventId: "e1",
      id: "q1",
      label: "Dietary needs",
      kind: "text",
      options: [],
      required: false,
      scope: "order",
      ticketTypeIds: [],
    });
  });

  it("put the function's refusals on the fields, keeping what was typed", async () => {
    const { server } = recordingServer(() =>
      refusal("INVALID_ARGUMENT", 400, "Check the fields.", [
        { path: "label", message: "Enter the question." },
        { path: "options.1", message: "Each option only once." },
        { path: "ticketTypeIds.0", message: "Choose this event's ticket types." },
      ]),
    );
    const answer = await runQuestionsPageIntent(
      server,
      "e1",
      form({ intent: "question-save", label: "", kind: "choice", options: "A\nA" }),
    );
    expect(answer.status).toBe(400);
    if (answer.result.ok) throw new Error("expected a refusal");
    expect(answer.result.failure.fieldErrors).toEqual({
      label: "Enter the question.",
      options: "Each option only once.",
      ticketTypeIds: "Choose this event's ticket types.",
    });
    expect(answer.result.failure.values).toMatchObject({ kind: "choice", options: "A\nA" });
  });

  it("move one up or down, and remove one", async () => {
    const { server, calls } = recordingServer(() => ({}));
    await runQuestionsPageIntent(
      server,
      "e1",
      form({ intent: "question-move", id: "q2", direction: "up" }),
    );
    const removed = await runQuestionsPageIntent(
      server,
      "e1",
      form({ intent: "question-remove", id: "q2", label: "Dietary needs" }),
    );
    expect(calls).toEqual([
      { name: "questions.move", data: { eventId: "e1", id: "q2", direction: "up" } },
      { name: "questions.remove", data: { eventId: "e1", id: "q2" } },
    ]);
    expect(removed.result).toMatchObject({ ok: true, notice: '"Dietary needs" removed.' });
  });
});
