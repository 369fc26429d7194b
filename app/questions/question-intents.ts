/** The questions page's forms, by `intent`: create or edit a question, remove one, move one. */
export const saveQuestionIntent = "question-save";
export const removeQuestionIntent = "question-remove";
export const moveQuestionIntent = "question-move";
