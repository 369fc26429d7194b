import type { AnyFunctionDefinition } from "../../platform/callable/define-function.ts";

export const eventAuthoringFunctions = [] as const satisfies readonly AnyFunctionDefinition[];
