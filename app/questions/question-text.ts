import type { EventQuestion, QuestionKind, QuestionScope } from "#contract/event-questions.ts";

export const kindLabels: Record<QuestionKind, string> = {
  text: "Text",
  choice: "Choice",
  checkbox: "Checkbox",
  date: "Date",
};

export const scopeLabels: Record<QuestionScope, string> = {
  order: "Once per order",
  attendee: "For each attendee",
};

/** "Choice: S, M, L · Required · For each attendee": what the list says of a question. */
export function questionSummary(question: EventQuestion): string {
  const kind =
    question.kind === "choice"
      ? `${kindLabels.choice}: ${question.options.join(", ")}`
      : kindLabels[question.kind];
  return [kind, question.required ? "Required" : "Optional", scopeLabels[question.scope]].join(
    " · ",
  );
}

/** The types a question is asked for, by name (hidden ones marked); all when none ticked. */
export function questionTypesText(
  ticketTypeIds: readonly string[],
  ticketTypes: readonly { id: string; name: string; hidden: boolean }[],
): string {
  if (ticketTypeIds.length === 0) return "Every ticket type";
  return ticketTypes
    .filter((type) => ticketTypeIds.includes(type.id))
    .map((type) => (type.hidden ? `${type.name} (hidden)` : type.name))
    .join(", ");
}
