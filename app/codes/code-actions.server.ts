import { data } from "react-router";
import { field } from "#app/forms/form-failure.ts";
import { fieldFailure, type IntentAnswer, runIntentForm } from "#app/forms/intent-action.ts";
import type { ServerContext } from "#app/server-context.ts";
import { codeFieldNames, readCodeForm } from "./code-form-input.ts";
import { removeCodeIntent, saveCodeIntent } from "./code-intents.ts";

/** The organiser's codes page's forms, by `intent`: save a code (new or edited), remove one. */
export async function runCodesPageIntent(
  server: ServerContext,
  eventId: string,
  timeZone: string,
  form: FormData,
): Promise<IntentAnswer> {
  const intent = field(form, "intent");
  if (intent === saveCodeIntent) {
    const read = readCodeForm(form, timeZone);
    if (!read.ok) return fieldFailure(intent, form, read.field, read.message);
    return runIntentForm(
      intent,
      form,
      async () => {
        const saved = await server.invoke("codes.save", { eventId, ...read.input });
        return read.input.id ? `${saved.code} saved.` : `${saved.code} added.`;
      },
      codeFieldNames(form),
    );
  }
  if (intent === removeCodeIntent) {
    return runIntentForm(intent, form, async () => {
      await server.invoke("codes.remove", { eventId, id: field(form, "id") });
      return `${field(form, "promoCode") || "The code"} removed.`;
    });
  }
  throw data("Unknown form.", { status: 400 });
}
