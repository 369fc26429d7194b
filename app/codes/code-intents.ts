/** The codes page's forms, by `intent`: create or edit a code, remove one. */
export const saveCodeIntent = "code-save";
export const removeCodeIntent = "code-remove";
