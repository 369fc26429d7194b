import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import { questionsForHold } from "./hold-questions.ts";
import {
  forEventInput,
  forHoldInput,
  moveQuestionInput,
  removeQuestionInput,
  saveQuestionInput,
} from "./question-input.ts";
import { eventQuestionsView } from "./questions-view.ts";
import { moveQuestion, removeQuestion, saveQuestion } from "./save-question.ts";

export const getEventQuestions = defineFunction({
  name: "questions.forEvent",
  input: forEventInput,
  access: "signed-in",
  handler: (data, ctx) => eventQuestionsView(ctx.db, ctx.auth.userId, data.eventId),
});

export const saveEventQuestion = defineFunction({
  name: "questions.save",
  input: saveQuestionInput,
  access: "signed-in",
  handler: (data, ctx) => saveQuestion(ctx.db, ctx.auth.userId, data),
});

export const removeEventQuestion = defineFunction({
  name: "questions.remove",
  input: removeQuestionInput,
  access: "signed-in",
  handler: (data, ctx) => removeQuestion(ctx.db, ctx.auth.userId, data),
});

export const moveEventQuestion = defineFunction({
  name: "questions.move",
  input: moveQuestionInput,
  access: "signed-in",
  handler: (data, ctx) => moveQuestion(ctx.db, ctx.auth.userId, data),
});

export const getHoldQuestions = defineFunction({
  name: "questions.forHold",
  input: forHoldInput,
  access: "signed-in",
  handler: (data, ctx) => questionsForHold(ctx.db, ctx.auth.userId, data.holdId),
});

/** Questions at checkout (decision 037): the owner sets them, the buyer's hold reads them. */
export const questionFunctions = [
  getEventQuestions,
  saveEventQuestion,
  removeEventQuestion,
  moveEventQuestion,
  getHoldQuestions,
] as const satisfies readonly AnyFunctionDefinition[];
