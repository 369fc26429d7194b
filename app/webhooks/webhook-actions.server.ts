import { data, redirect } from "react-router";
import { field } from "#app/forms/form-failure.ts";
import { type IntentAnswer, runIntentForm } from "#app/forms/intent-action.ts";
import type { ServerContext } from "#app/server-context.ts";
import { webhookPath, webhooksPath } from "#contract/paths.ts";
import type { WebhookEventType } from "#contract/webhooks.ts";
import {
  createWebhookIntent,
  deleteWebhookIntent,
  resendWebhookIntent,
  revealWebhookSecretIntent,
  saveWebhookEventsIntent,
  sendWebhookTestIntent,
  switchWebhookIntent,
  type WebhookPageResult,
} from "./webhook-intents.ts";

/** The ticked events: the function refuses one it does not know, on the `events` field. */
const tickedEvents = (form: FormData) => form.getAll("events").map(String) as WebhookEventType[];

/** The list page's form: add an endpoint, then go to its page (its secret and test). */
export async function runWebhooksPageIntent(
  server: ServerContext,
  form: FormData,
): Promise<IntentAnswer> {
  const intent = field(form, "intent");
  if (intent !== createWebhookIntent) throw data("Unknown form.", { status: 400 });
  let madeId: string | undefined;
  const answer = await runIntentForm(intent, form, async () => {
    const made = await server.invoke("webhooks.create", {
      url: field(form, "url"),
      description: field(form, "description"),
      events: tickedEvents(form),
    });
    madeId = made.id;
    return "Added.";
  });
  if (madeId && answer.result.ok) throw redirect(`${webhookPath(madeId)}?added`);
  return answer;
}

/** One endpoint's page, by `intent`: its events, on/off, delete, secret, test, send again. */
export async function runWebhookPageIntent(
  server: ServerContext,
  endpointId: string,
  form: FormData,
): Promise<{ result: WebhookPageResult; status: number }> {
  const intent = field(form, "intent");
  const run = (notice: string, call: () => Promise<unknown>) =>
    runIntentForm(intent, form, async () => {
      await call();
      return notice;
    });
  switch (intent) {
    case saveWebhookEventsIntent:
      return run("Saved.", () =>
        server.invoke("webhooks.update", {
          endpointId,
          description: field(form, "description"),
          events: tickedEvents(form),
        }),
      );
    case switchWebhookIntent: {
      const enabled = field(form, "enabled") === "true";
      return run(enabled ? "Switched on." : "Switched off.", () =>
        server.invoke("webhooks.update", { endpointId, enabled }),
      );
    }
    case deleteWebhookIntent: {
      const answer = await run("Deleted.", () => server.invoke("webhooks.delete", { endpointId }));
      if (answer.result.ok) throw redirect(`${webhooksPath}?deleted`);
      return answer;
    }
    case revealWebhookSecretIntent: {
      let secret = "";
      const answer = await runIntentForm(intent, form, async () => {
        secret = (await server.invoke("webhooks.get", { endpointId })).secret;
        return "Shown.";
      });
      return answer.result.ok ? { ...answer, result: { ...answer.result, secret } } : answer;
    }
    case sendWebhookTestIntent:
      return run("Test queued: it appears in the log below.", () =>
        server.invoke("webhooks.sendTest", { endpointId }),
      );
    case resendWebhookIntent:
      return run("Queued to send again.", () =>
        server.invoke("webhooks.resend", { deliveryId: field(form, "deliveryId") }),
      );
    default:
      throw data("Unknown form.", { status: 400 });
  }
}
