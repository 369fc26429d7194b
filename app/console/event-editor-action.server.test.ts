import { describe, expect, it } from "vitest";
import type { ServerContext } from "#app/server-context.ts";
import { runEventEditorIntent } from "./event-editor-action.server.ts";

/** A server that records what the editor's forms call. */
function recordingServer() {
  const calls: { name: string; data: unknown }[] = [];
  const server = {
    invoke: async (name: string, data: unknown) => {
      calls.push({ name, data });
      return {};
    },
  } as unknown as ServerContext;
  return { server, calls };
}

function ticketForm(intent: string, hidden: string[]): FormData {
  const form = new FormData();
  form.set("intent", intent);
  form.set("ticketTypeId", "t1");
  form.set("name", "Press");
  form.set("price", "0");
  form.set("currency", "GBP");
  form.set("capacity", "20");
  form.set("perOrderLimit", "2");
  for (const value of hidden) form.append("hidden", value);
  return form;
}

describe("the event editor's ticket type forms", () => {
  it("send the Hidden box to ticketTypes.create and ticketTypes.update", async () => {
    const { server, calls } = recordingServer();
    await runEventEditorIntent(server, "e1", ticketForm("ticket-create", ["off", "on"]));
    await runEventEditorIntent(server, "e1", ticketForm("ticket-update", ["off"]));
    expect(calls).toEqual([
      {
        name: "ticketTypes.create",
        data: expect.objectContaining({ eventId: "e1", name: "Press", hidden: true }),
      },
      {
        name: "ticketTypes.update",
        data: expect.objectContaining({ ticketTypeId: "t1", name: "Press", hidden: false }),
      },
    ]);
  });
});
