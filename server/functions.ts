import type { AnyFunctionDefinition, FunctionTypes } from "./platform/callable/define-function.ts";

/**
 * Every callable function of the product, module by module. The page-side client takes
 * its names and input/output types from here, so a wrong call fails to type-check.
 */
export const appFunctions = [] as const satisfies readonly AnyFunctionDefinition[];

export type AppFunctions = FunctionTypes<typeof appFunctions>;
