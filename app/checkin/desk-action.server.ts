import { data } from "react-router";
import { field, isFunctionError } from "#app/forms/form-failure.ts";
import type { ServerContext } from "#app/server-context.ts";
import type { DoorVerdict } from "#contract/door-verdict.ts";

export type DeskAnswer =
  | { intent: "admit"; ticketId: string; verdict: DoorVerdict }
  | { intent: "undo"; checkInId: string; notice: string }
  | { intent: string; error: string };

/** The desk's two forms: admit a ticket found by search, undo a check-in (coordinators). */
export async function runDeskIntent(server: ServerContext, eventId: string, form: FormData) {
  const intent = field(form, "intent");
  try {
    if (intent === "admit") {
      const ticketId = field(form, "ticketId");
      const verdict = await server.invoke("checkin.admit", {
        eventId,
        ticketId,
        scanId: field(form, "scanId"),
        deviceId: "desk",
      });
      return { intent, ticketId, verdict } satisfies DeskAnswer;
    }
    if (intent === "undo") {
      const checkInId = field(form, "checkInId");
      await server.invoke("checkin.undo", { checkInId, reason: field(form, "reason") });
      return { intent, checkInId, notice: "Check-in undone: the ticket is valid again." };
    }
  } catch (error) {
    if (isFunctionError(error) && error.status !== "INTERNAL") {
      const message =
        error.status === "INVALID_ARGUMENT" ? "Say why the check-in is undone." : error.message;
      return data({ intent, error: message } satisfies DeskAnswer, { status: 400 });
    }
    throw error;
  }
  throw data(null, { status: 400 });
}
