import { z } from "zod";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import { type ApiReference, apiReferenceOf } from "./api-reference.ts";

/** Built on the first call and kept: the definitions do not change while the server runs. */
function once(build: () => ApiReference): () => ApiReference {
  let built: ApiReference | undefined;
  return () => {
    built ??= build();
    return built;
  };
}

/**
 * `api.reference`: the functions an API key may call, for the page `/developers/api` and
 * anyone's tools (public: it tells only what the functions take and give). Given the
 * product's definitions (server/functions.ts) rather than importing them: that is a cycle.
 */
export const describeApi = (definitions: readonly AnyFunctionDefinition[]) =>
  defineFunction({
    name: "api.reference",
    input: z.null().optional(),
    access: "public",
    handler: once(() => apiReferenceOf(definitions)),
  });

/** The API's own functions (decision 038), given the functions they describe. */
export const apiReferenceFunctions = (definitions: readonly AnyFunctionDefinition[]) =>
  [describeApi(definitions)] as const satisfies readonly AnyFunctionDefinition[];
