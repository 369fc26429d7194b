import { data } from "react-router";
import { runConsoleForm } from "#app/console/console-form.ts";
import { readWholeNumber } from "#app/console/price-input.ts";
import { field } from "#app/forms/form-failure.ts";
import type { IntentAnswer } from "#app/forms/intent-action.ts";
import type { ServerContext } from "#app/server-context.ts";
import { offerIntent, settingsIntent } from "./waiting-list-intents.ts";
import { ticketCount } from "./waiting-list-text.ts";

/**
 * The settings form sends every type's id and the ids of the types switched on: the
 * function takes the closed ones (a switch that is off sends nothing).
 */
function closedTypes(form: FormData): string[] {
  const open = new Set(form.getAll("open").map(String));
  return form
    .getAll("typeId")
    .map(String)
    .filter((id) => !open.has(id));
}

/** The organiser's waiting list page's forms, by `intent`: the settings, an offer by hand. */
export async function runWaitingListPageIntent(
  server: ServerContext,
  eventId: string,
  form: FormData,
): Promise<IntentAnswer> {
  const intent = field(form, "intent");
  if (intent === settingsIntent) {
    return runConsoleForm(intent, form, async () => {
      await server.invoke("waitingList.configure", {
        eventId,
        offerHours: readWholeNumber(field(form, "offerHours")),
        closedTicketTypeIds: closedTypes(form),
      });
      return "Waiting list settings saved.";
    });
  }
  if (intent === offerIntent) {
    return runConsoleForm(intent, form, async () => {
      const entry = await server.invoke("waitingList.offer", {
        entryId: field(form, "entryId"),
      });
      const quantity = entry.offer?.quantity ?? entry.quantity;
      return `${ticketCount(quantity)} offered to ${entry.name}.`;
    });
  }
  throw data("Unknown form.", { status: 400 });
}
