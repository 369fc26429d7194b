import type { AnyFunctionDefinition } from "../../platform/callable/define-function.ts";

/** Profile, settings and account deletion. */
export const profileFunctions = [] as const satisfies readonly AnyFunctionDefinition[];
