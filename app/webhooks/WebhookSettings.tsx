import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useFetcher } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { ConfirmAction } from "#app/console/ConfirmAction.tsx";
import type { IntentResult } from "#app/forms/intent-action.ts";
import { MAX_WEBHOOK_DESCRIPTION, type WebhookEndpointView } from "#contract/webhooks.ts";
import { WebhookEventsField } from "./WebhookEventsField.tsx";
import {
  deleteWebhookIntent,
  saveWebhookEventsIntent,
  switchWebhookIntent,
} from "./webhook-intents.ts";

/** An intent's answer, once settled: a notice or an error above its form. */
function Answer({ result }: { result: IntentResult | undefined }) {
  if (!result) return null;
  if (result.ok) return <FormMessage kind="notice">{result.notice}</FormMessage>;
  return Object.keys(result.failure.fieldErrors).length === 0 ? (
    <FormMessage kind="error">{result.failure.message}</FormMessage>
  ) : null;
}

/** The description and the events the endpoint wants, saved together. */
export function WebhookEventsForm({ endpoint }: { endpoint: WebhookEndpointView }) {
  const fetcher = useFetcher<IntentResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors = result && !result.ok ? result.failure.fieldErrors : {};
  return (
    <fetcher.Form method="post" aria-label="Events sent to this endpoint">
      <Stack gap="sm">
        <input type="hidden" name="intent" value={saveWebhookEventsIntent} />
        <Answer result={result} />
        <TextInput
          id="webhook-description"
          name="description"
          label="Description"
          maxLength={MAX_WEBHOOK_DESCRIPTION}
          autoComplete="off"
          defaultValue={endpoint.description}
          error={errors.description}
          maw="24rem"
        />
        <WebhookEventsField
          idPrefix="webhook-event"
          ticked={endpoint.events}
          error={errors.events}
        />
        <Group>
          <Button type="submit" variant="default" loading={fetcher.state !== "idle"}>
            Save events
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}

/** Switch on or off; switching on after we switched it off starts it afresh. */
export function WebhookSwitch({ endpoint }: { endpoint: WebhookEndpointView }) {
  const fetcher = useFetcher<IntentResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <fetcher.Form method="post">
      <Stack gap="xs">
        <input type="hidden" name="intent" value={switchWebhookIntent} />
        <input type="hidden" name="enabled" value={String(!endpoint.enabled)} />
        <Answer result={result} />
        <Text size="sm">
          {endpoint.enabled
            ? "Switch it off to stop sending to it for a while."
            : "It is sent nothing while it is off. Switch it on to be sent events again."}
        </Text>
        <Group>
          <Button
            type="submit"
            variant={endpoint.enabled ? "default" : "filled"}
            loading={fetcher.state !== "idle"}
          >
            {endpoint.enabled ? "Switch off" : "Switch on"}
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}

/** Delete, after a confirmation; the action then goes back to the list. */
export function DeleteWebhook() {
  const fetcher = useFetcher<IntentResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <Stack gap="sm">
      {result && !result.ok ? (
        <FormMessage kind="error">{result.failure.message}</FormMessage>
      ) : null}
      <Group>
        <ConfirmAction
          intent={deleteWebhookIntent}
          fetcher={fetcher}
          buttonLabel="Delete endpoint"
          color="red"
          variant="subtle"
          title="Delete this endpoint?"
          explanation="Nothing more is sent to it, and its delivery log goes with it. This cannot be undone: add it again if you need it, with a new secret."
          confirmLabel="Delete endpoint"
        />
      </Group>
    </Stack>
  );
}
