import { z } from "zod";
import { questionKinds } from "#contract/event-questions.ts";

/** One answer to an event's question (AnswerView) as API answers carry it (decision 038). */
export const answerOutput = z.strictObject({
  label: z.string().describe("The question's label when it was answered."),
  kind: z.enum(questionKinds),
  value: z.string().describe('As kept: "yes" for a ticked box, YYYY-MM-DD for a date.'),
  ticketId: z.string().nullable().describe("The ticket it answers for; null: the order's."),
});
