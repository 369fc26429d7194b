import type { AnyFunctionDefinition } from "../../platform/callable/define-function.ts";

export const eventDiscoveryFunctions = [] as const satisfies readonly AnyFunctionDefinition[];
