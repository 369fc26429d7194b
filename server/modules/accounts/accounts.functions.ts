import type { AnyFunctionDefinition } from "../../platform/callable/define-function.ts";

/** Registration, SMS verification, sign-in, one-time codes, password reset. */
export const accountFunctions = [] as const satisfies readonly AnyFunctionDefinition[];
