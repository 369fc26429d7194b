import { data } from "react-router";
import { field } from "#app/forms/form-failure.ts";
import { type IntentAnswer, runIntentForm } from "#app/forms/intent-action.ts";
import type { ServerContext } from "#app/server-context.ts";
import type { ApiScope, CreatedApiKey } from "#contract/api-keys.ts";
import {
  type ApiKeysPageResult,
  createApiKeyIntent,
  revokeApiKeyIntent,
} from "./api-key-intents.ts";

/** The API keys page's forms, by `intent`: make a key (name and ticked scopes), revoke one. */
export async function runApiKeysPageIntent(
  server: ServerContext,
  form: FormData,
): Promise<{ result: ApiKeysPageResult; status: number }> {
  const intent = field(form, "intent");
  if (intent === createApiKeyIntent) {
    let created: CreatedApiKey | undefined;
    const answer: IntentAnswer = await runIntentForm(intent, form, async () => {
      created = await server.invoke("apiKeys.create", {
        name: field(form, "name"),
        // The function refuses a scope it does not know, on the `scopes` field.
        scopes: form.getAll("scopes").map(String) as ApiScope[],
      });
      return `The key ${created.key.name} is made.`;
    });
    return created && answer.result.ok
      ? { ...answer, result: { ...answer.result, created } }
      : answer;
  }
  if (intent === revokeApiKeyIntent) {
    return runIntentForm(intent, form, async () => {
      const { key } = await server.invoke("apiKeys.revoke", { keyId: field(form, "keyId") });
      return `The key ${key.name} is revoked.`;
    });
  }
  throw data("Unknown form.", { status: 400 });
}
