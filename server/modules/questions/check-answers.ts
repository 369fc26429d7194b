import {
  type Answers,
  answerError,
  type EventQuestion,
  type QuestionKind,
  questionsOfHold,
} from "#contract/event-questions.ts";
import type { HoldView } from "#contract/hold-view.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { loadEventQuestions } from "./event-questions.ts";
import { ticketTypesOfHold } from "./hold-questions.ts";

/** An answer to write on the booking (`booking_answers`), as it was asked. */
export type AnswerRow = {
  questionId: string;
  label: string;
  kind: QuestionKind;
  value: string;
  /** The attendee (ticket, in the hold's order) it answers for; null: the order's. */
  attendeeIndex: number | null;
  position: number;
};

type FieldIssue = { path: string; message: string };

/** The answers to `questions` as given, or what is wrong with each (paths under `prefix`). */
function answersTo(
  questions: readonly EventQuestion[],
  given: Answers | undefined,
  prefix: string,
  attendeeIndex: number | null,
  out: { rows: AnswerRow[]; issues: FieldIssue[] },
): void {
  for (const question of questions) {
    const value = (given?.[question.id] ?? "").trim();
    const message = answerError(question, value);
    if (message) {
      out.issues.push({ path: `${prefix}${question.id}`, message });
    } else if (value !== "") {
      // Unanswered optional questions and unticked boxes store nothing.
      out.rows.push({
        questionId: question.id,
        label: question.label,
        kind: question.kind,
        value,
        attendeeIndex,
        position: question.position,
      });
    }
  }
}

/** The answers a hold is asked and given, and what is wrong with them. */
async function readAnswers(
  db: Executor,
  hold: Pick<HoldView, "eventId" | "items">,
  attendees: readonly { answers?: Answers | undefined }[],
  orderAnswers: Answers | undefined,
): Promise<{ rows: AnswerRow[]; issues: FieldIssue[] }> {
  const out = { rows: [] as AnswerRow[], issues: [] as FieldIssue[] };
  const questions = await loadEventQuestions(db, hold.eventId);
  if (questions.length === 0) return out;
  const asked = questionsOfHold(questions, ticketTypesOfHold(hold));
  answersTo(asked.order, orderAnswers, "answers.", null, out);
  asked.attendees.forEach((ofAttendee, index) => {
    answersTo(ofAttendee, attendees[index]?.answers, `attendees.${index}.answers.`, index, out);
  });
  return out;
}

/**
 * Checks a hold's answers on the server (decision 037), before anything is claimed or
 * charged: every question the hold is asked (`questionsOfHold`), the order's and each
 * attendee's, by the page's rule (`answerError`). All that is wrong is refused at once,
 * INVALID_ARGUMENT with one field error per answer (`answers.{questionId}`,
 * `attendees.{i}.answers.{questionId}`); answers to questions not asked are ignored.
 * Returns the answers to keep.
 */
export async function checkAnswers(
  db: Executor,
  hold: Pick<HoldView, "eventId" | "items">,
  attendees: readonly { answers?: Answers | undefined }[],
  orderAnswers: Answers | undefined,
): Promise<AnswerRow[]> {
  const { rows, issues } = await readAnswers(db, hold, attendees, orderAnswers);
  const [first, ...more] = issues;
  if (first) {
    const message = more.length === 0 ? first.message : "Some answers need your attention.";
    throw new FunctionError("INVALID_ARGUMENT", message, issues);
  }
  return rows;
}

/**
 * The answers to keep of a card checkout that was paid: checked when it started
 * (`checkAnswers`), read again against the questions as they are now. The buyer has paid,
 * so nothing is refused: an answer the organiser's changes made wrong, or to a question
 * since removed, is left out; a question added meanwhile goes unanswered.
 */
export async function keptAnswers(
  db: Executor,
  hold: Pick<HoldView, "eventId" | "items">,
  attendees: readonly { answers?: Answers | undefined }[],
  orderAnswers: Answers | undefined,
): Promise<AnswerRow[]> {
  return (await readAnswers(db, hold, attendees, orderAnswers)).rows;
}
