import { field } from "#app/forms/form-failure.ts";
import {
  type EventQuestion,
  type EventQuestionInput,
  type QuestionKind,
  type QuestionScope,
  questionKinds,
  questionScopes,
} from "#contract/event-questions.ts";

/** A question's form as typed: the options one per line, the types' ids as checked. */
export type QuestionFormValues = {
  id: string;
  label: string;
  kind: QuestionKind;
  options: string;
  required: boolean;
  scope: QuestionScope;
  ticketTypeIds: string[];
};

export const blankQuestion: QuestionFormValues = {
  id: "",
  label: "",
  kind: "text",
  options: "",
  required: false,
  scope: "order",
  ticketTypeIds: [],
};

/** A saved question as its edit form starts. */
export function questionFormValues(question: EventQuestion): QuestionFormValues {
  return {
    id: question.id,
    label: question.label,
    kind: question.kind,
    options: question.options.join("\n"),
    required: question.required,
    scope: question.scope,
    ticketTypeIds: [...question.ticketTypeIds],
  };
}

const kindOf = (text: string | undefined): QuestionKind | undefined =>
  questionKinds.find((kind) => kind === text);
const scopeOf = (text: string | undefined): QuestionScope | undefined =>
  questionScopes.find((scope) => scope === text);

/** What a form sent back after a refusal (the failure keeps the text fields, not the lists). */
export function typedQuestionValues(
  values: Record<string, string>,
  start: QuestionFormValues,
): QuestionFormValues {
  return {
    id: start.id,
    label: values.label ?? start.label,
    kind: kindOf(values.kind) ?? start.kind,
    options: values.options ?? start.options,
    // A checkbox left unticked is absent from the form: the refusal's values tell.
    required: values.required === "on",
    scope: scopeOf(values.scope) ?? start.scope,
    ticketTypeIds: start.ticketTypeIds,
  };
}

/**
 * The questions page's form as `questions.save` input: the options one per line (blank
 * lines dropped). The rules (how many options, which types) are the function's to judge.
 */
export function readQuestionForm(form: FormData): EventQuestionInput & { id?: string } {
  const id = field(form, "id");
  const kind = kindOf(field(form, "kind")) ?? "text";
  return {
    ...(id ? { id } : {}),
    label: field(form, "label"),
    kind,
    options:
      kind === "choice"
        ? field(form, "options")
            .split(/\r?\n/)
            .map((line) => line.trim())
            .filter((line) => line !== "")
        : [],
    required: form.has("required"),
    scope: scopeOf(field(form, "scope")) ?? "order",
    ticketTypeIds: form.getAll("ticketTypeIds").map(String),
  };
}
