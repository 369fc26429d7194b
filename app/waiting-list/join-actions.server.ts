import { data } from "react-router";
import { field, formFailure } from "#app/forms/form-failure.ts";
import type { ServerContext } from "#app/server-context.ts";
import type { WaitingListAnswer } from "./join-answer.ts";
import { joinIntent, leaveIntent } from "./waiting-list-intents.ts";

/** The event page's waiting list forms, by `intent`: join (or change the number) or leave. */
export async function runWaitingListIntent(server: ServerContext, form: FormData) {
  const intent = field(form, "intent");
  const ticketTypeId = field(form, "ticketTypeId");
  try {
    if (intent === joinIntent) {
      const entry = await server.invoke("waitingList.join", {
        ticketTypeId,
        quantity: Number(field(form, "quantity")),
      });
      return { ticketTypeId, ok: true, entry } satisfies WaitingListAnswer;
    }
    if (intent === leaveIntent) {
      await server.invoke("waitingList.leave", { entryId: field(form, "entryId") });
      return { ticketTypeId, ok: true, entry: null } satisfies WaitingListAnswer;
    }
    throw data("Unknown form.", { status: 400 });
  } catch (error) {
    const { failure, status } = formFailure(error, form);
    return data({ ticketTypeId, ok: false, failure } satisfies WaitingListAnswer, { status });
  }
}
