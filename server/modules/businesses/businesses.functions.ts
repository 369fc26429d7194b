import type { AnyFunctionDefinition } from "../../platform/callable/define-function.ts";

export const businessFunctions = [] as const satisfies readonly AnyFunctionDefinition[];
