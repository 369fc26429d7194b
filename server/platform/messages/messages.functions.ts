import type { AnyFunctionDefinition } from "../callable/define-function.ts";

/** The development outbox. */
export const messageFunctions = [] as const satisfies readonly AnyFunctionDefinition[];
