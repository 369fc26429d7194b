import { data } from "react-router";
import { field } from "#app/forms/form-failure.ts";
import { type IntentAnswer, runIntentForm } from "#app/forms/intent-action.ts";
import type { ServerContext } from "#app/server-context.ts";
import { readQuestionForm } from "./question-form-input.ts";
import {
  moveQuestionIntent,
  removeQuestionIntent,
  saveQuestionIntent,
} from "./question-intents.ts";

/** The organiser's questions page's forms, by `intent`: save, remove or move a question. */
export async function runQuestionsPageIntent(
  server: ServerContext,
  eventId: string,
  form: FormData,
): Promise<IntentAnswer> {
  const intent = field(form, "intent");
  if (intent === saveQuestionIntent) {
    const input = readQuestionForm(form);
    return runIntentForm(intent, form, async () => {
      await server.invoke("questions.save", { eventId, ...input });
      return input.id ? "Question saved." : "Question added.";
    });
  }
  if (intent === removeQuestionIntent) {
    return runIntentForm(intent, form, async () => {
      await server.invoke("questions.remove", { eventId, id: field(form, "id") });
      return `"${field(form, "label") || "The question"}" removed.`;
    });
  }
  if (intent === moveQuestionIntent) {
    return runIntentForm(intent, form, async () => {
      const direction = field(form, "direction") === "up" ? "up" : "down";
      await server.invoke("questions.move", { eventId, id: field(form, "id"), direction });
      return "Moved.";
    });
  }
  throw data("Unknown form.", { status: 400 });
}
