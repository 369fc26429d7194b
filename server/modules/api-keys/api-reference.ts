import { z } from "zod";
import { type ApiFunctionReference, type ApiScope, apiScopes } from "#contract/api-keys.ts";
import type { WebhookTypeReference } from "#contract/webhooks.ts";
import { webhookReference } from "#server/modules/webhooks/webhook-reference.ts";
import type { AnyFunctionDefinition } from "#server/platform/callable/define-function.ts";

/**
 * The reference page's content (`api.reference`): every function an API key may call,
 * and every kind of webhook event.
 */
export type ApiReference = { functions: ApiFunctionReference[]; webhooks: WebhookTypeReference[] };

const scopeRank = (scope: ApiScope) => apiScopes.indexOf(scope);

/**
 * The functions with an `api` exposure, by scope (in `apiScopes` order) then name, with
 * their input as a caller sends it (before defaults and transforms: `io: "input"`) and
 * their answer as JSON Schema (draft 2020-12), both from the functions' own zod schemas,
 * so the page cannot drift from what the functions take and give.
 */
export function apiReferenceOf(definitions: readonly AnyFunctionDefinition[]): ApiReference {
  const functions = definitions.flatMap((definition): ApiFunctionReference[] => {
    const api = definition.api;
    if (!api) return [];
    return [
      {
        name: definition.name,
        scope: api.scope,
        write: api.write === true,
        summary: api.summary,
        input: z.toJSONSchema(definition.input, { io: "input" }),
        output: z.toJSONSchema(api.output, { io: "output" }),
      },
    ];
  });
  functions.sort(
    (a, b) =>
      scopeRank(a.scope) - scopeRank(b.scope) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
  return { functions, webhooks: webhookReference() };
}
