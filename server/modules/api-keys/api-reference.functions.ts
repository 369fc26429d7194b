import { z } from "zod";
import type { ApiFunctionReference } from "#contract/api-keys.ts";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";

// TEMPORARY (h3): a stand-in for h4's `api.reference`, so the reference page type-checks
// before h4's function is merged. Drop this commit at merge.
export const getApiReference = defineFunction({
  name: "api.reference",
  input: z.null().optional(),
  access: "public",
  handler: (): { functions: ApiFunctionReference[] } => ({ functions: [] }),
});

export const apiReferenceFunctions = [
  getApiReference,
] as const satisfies readonly AnyFunctionDefinition[];
