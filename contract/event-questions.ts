// Questions asked at checkout (issue 29 part 4, decision 037). Built by
// server/modules/questions; set by the organiser on `/business/events/{id}/questions`,
// answered on the booking page (bookings.confirm and payments.startCheckout carry the
// answers), shown on the order, in the attendees CSV and at the door's ticket info.

/**
 * `text` (a line, up to 500 characters), `choice` (one of the options), `checkbox` (ticked
 * or not; required means it must be ticked), `date` (a calendar day, YYYY-MM-DD).
 */
export const questionKinds = ["text", "choice", "checkbox", "date"] as const;
export type QuestionKind = (typeof questionKinds)[number];

/** Asked once per order, or once per attendee (per ticket). */
export const questionScopes = ["order", "attendee"] as const;
export type QuestionScope = (typeof questionScopes)[number];

export const MAX_QUESTIONS = 30;
export const MAX_LABEL_LENGTH = 200;
export const MAX_OPTIONS = 20;
export const MAX_OPTION_LENGTH = 100;
export const MAX_TEXT_ANSWER = 500;

/** The value a ticked checkbox is sent and kept as; unticked is "". */
export const CHECKED = "yes";

/** What the organiser sets (`questions.save`). */
export type EventQuestionInput = {
  label: string;
  kind: QuestionKind;
  /** The choices of a `choice` question (2 to 20, distinct); empty otherwise. */
  options: string[];
  required: boolean;
  scope: QuestionScope;
  /** The ticket types it is asked for; empty: every type. */
  ticketTypeIds: string[];
};

export type EventQuestion = EventQuestionInput & { id: string; position: number };

/** `questions.forEvent {eventId}` (the event's owner only; NOT_FOUND for anyone else). */
export type EventQuestionsView = {
  eventId: string;
  shortId: string;
  title: string;
  ticketTypes: { id: string; name: string; hidden: boolean }[];
  questions: EventQuestion[];
};

/** `questions.forHold {holdId}` (the hold's owner): what the booking page asks, `questionsOfHold`. */
export type HoldQuestions = { order: EventQuestion[]; attendees: EventQuestion[][] };

/** Answers as sent: question id → value ("" or absent: not answered). */
export type Answers = Record<string, string>;

/** Whether a question is asked for a ticket of `ticketTypeId`. */
export function questionAppliesTo(
  question: Pick<EventQuestion, "ticketTypeIds">,
  ticketTypeId: string,
): boolean {
  return question.ticketTypeIds.length === 0 || question.ticketTypeIds.includes(ticketTypeId);
}

/**
 * The questions a hold is asked, in order: the order's (those that apply to any of its
 * types) and, per ticket in the hold's order (`ticketTypeIds`, one per attendee), the
 * attendee's.
 */
export function questionsOfHold(
  questions: readonly EventQuestion[],
  ticketTypeIds: readonly string[],
): { order: EventQuestion[]; attendees: EventQuestion[][] } {
  const sorted = [...questions].sort((a, b) => a.position - b.position);
  return {
    order: sorted.filter(
      (q) => q.scope === "order" && ticketTypeIds.some((id) => questionAppliesTo(q, id)),
    ),
    attendees: ticketTypeIds.map((id) =>
      sorted.filter((q) => q.scope === "attendee" && questionAppliesTo(q, id)),
    ),
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * What is wrong with one answer, in the buyer's words, or null when it will do: one rule
 * for the page and the server (which decides). `value` is trimmed by the caller.
 */
export function answerError(question: EventQuestion, value: string): string | null {
  if (value === "") {
    if (!question.required) return null;
    return question.kind === "checkbox" ? "Tick this box to go on." : "Answer this question.";
  }
  switch (question.kind) {
    case "text":
      return value.length > MAX_TEXT_ANSWER ? `Use at most ${MAX_TEXT_ANSWER} characters.` : null;
    case "choice":
      return question.options.includes(value) ? null : "Choose one of the options.";
    case "checkbox":
      return value === CHECKED ? null : "Tick the box or leave it.";
    case "date":
      return isCalendarDay(value) ? null : "Enter a date like 2026-12-31.";
  }
}

/** One answer as the order, the export and the door show it. */
export type AnswerView = {
  /** The question's label when answered (kept if the question changes later). */
  label: string;
  kind: QuestionKind;
  /** As kept: "yes" for a ticked box, YYYY-MM-DD for a date. */
  value: string;
  /** The ticket it answers for (attendee questions), null for the order's. */
  ticketId: string | null;
};

/** An answer as text for people: "Yes" for a ticked box, the value otherwise. */
export function answerText(answer: Pick<AnswerView, "kind" | "value">): string {
  if (answer.kind === "checkbox") return answer.value === CHECKED ? "Yes" : "No";
  return answer.value;
}
