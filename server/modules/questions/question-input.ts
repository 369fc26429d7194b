import { z } from "zod";
import {
  MAX_LABEL_LENGTH,
  MAX_OPTION_LENGTH,
  MAX_OPTIONS,
  MAX_TEXT_ANSWER,
  questionKinds,
  questionScopes,
} from "#contract/event-questions.ts";

const eventId = z.uuid("Choose an event.");
const questionId = z.uuid("Choose a question.");

/**
 * The choices as typed: trimmed, blank rows dropped (a form shows spare rows). Checked at
 * the index the organiser sees; a choice needs 2 to 20 distinct ones (whatever their case).
 */
const optionsInput = z
  .array(
    z
      .string("Enter the option.")
      .trim()
      .max(MAX_OPTION_LENGTH * 4),
  )
  .max(MAX_OPTIONS * 4, `Give at most ${MAX_OPTIONS} options.`);

/**
 * `questions.save`: a new question (no `id`) or a change to one. The options of a kind
 * other than `choice` are ignored (stored empty). Whether the ticket types are the
 * event's, and the 30 questions limit, are checked against the database (save-question.ts).
 */
export const saveQuestionInput = z
  .object({
    eventId,
    id: questionId.optional(),
    label: z
      .string("Enter the question.")
      .trim()
      .min(1, "Enter the question.")
      .max(MAX_LABEL_LENGTH, `Use at most ${MAX_LABEL_LENGTH} characters.`),
    kind: z.enum(questionKinds, "Choose what kind of answer."),
    options: optionsInput.default([]),
    required: z.boolean("Say whether it must be answered."),
    scope: z.enum(questionScopes, "Choose whether it is asked per order or per attendee."),
    ticketTypeIds: z
      .array(z.uuid("Choose a ticket type of this event."))
      .max(200, "Choose fewer ticket types."),
  })
  .superRefine((data, context) => {
    if (data.kind !== "choice") return;
    const seen = new Set<string>();
    data.options.forEach((option, index) => {
      if (option === "") return;
      const issue = (message: string) =>
        context.addIssue({ code: "custom", path: ["options", index], message });
      if (option.length > MAX_OPTION_LENGTH) {
        issue(`Use at most ${MAX_OPTION_LENGTH} characters.`);
      } else if (seen.has(option.toLowerCase())) {
        issue("This option is already in the list.");
      }
      seen.add(option.toLowerCase());
    });
    if (seen.size < 2) {
      context.addIssue({ code: "custom", path: ["options"], message: "Give at least 2 options." });
    } else if (seen.size > MAX_OPTIONS) {
      context.addIssue({
        code: "custom",
        path: ["options"],
        message: `Give at most ${MAX_OPTIONS} options.`,
      });
    }
  })
  .transform((data) => ({
    ...data,
    options: data.kind === "choice" ? data.options.filter((option) => option !== "") : [],
    ticketTypeIds: [...new Set(data.ticketTypeIds)],
  }));

export type SaveQuestionInput = z.infer<typeof saveQuestionInput>;

export const forEventInput = z.object({ eventId });

export const removeQuestionInput = z.object({ eventId, id: questionId });

export const moveQuestionInput = z.object({
  eventId,
  id: questionId,
  direction: z.enum(["up", "down"], "Choose up or down."),
});

export const forHoldInput = z.object({ holdId: z.uuid("Choose a hold.") });

/**
 * Answers as the booking page sends them (bookings.confirm, payments.startCheckout):
 * question id → value, trimmed. Whether each is right is `answerError`'s (check-answers.ts);
 * this only bounds the request.
 */
export const answersInput = z
  .record(
    z.string().max(100, "Choose a question."),
    z
      .string("Answer this question.")
      .trim()
      .max(MAX_TEXT_ANSWER * 4, "This answer is too long."),
  )
  .refine((answers) => Object.keys(answers).length <= 200, "Too many answers.")
  .optional();
