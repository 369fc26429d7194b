import type { AnyFunctionDefinition } from "../callable/define-function.ts";

/** Sign-out and the signed-in user's sessions. */
export const sessionFunctions = [] as const satisfies readonly AnyFunctionDefinition[];
