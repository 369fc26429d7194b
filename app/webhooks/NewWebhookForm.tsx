import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { useSaveForm } from "#app/forms/use-save-form.ts";
import { MAX_WEBHOOK_DESCRIPTION, MAX_WEBHOOK_URL } from "#contract/webhooks.ts";
import { WebhookEventsField } from "./WebhookEventsField.tsx";
import { createWebhookIntent } from "./webhook-intents.ts";

/**
 * Adds an endpoint (`webhooks.create`): its URL, a description and the events it wants.
 * The refusals land on their fields; once added, the action goes to the endpoint's page.
 */
export function NewWebhookForm({ full }: { full: boolean }) {
  const { fetcher, failure } = useSaveForm(createWebhookIntent, false);
  const errors = failure?.fieldErrors ?? {};
  return (
    <fetcher.Form method="post" aria-label="Add an endpoint">
      <Stack gap="sm">
        <input type="hidden" name="intent" value={createWebhookIntent} />
        {failure && Object.keys(failure.fieldErrors).length === 0 ? (
          <FormMessage kind="error">{failure.message}</FormMessage>
        ) : null}
        {full ? (
          <Text size="sm">
            You have as many endpoints as a business may have: delete one you no longer use to add
            another.
          </Text>
        ) : null}
        <TextInput
          id="new-webhook-url"
          name="url"
          type="url"
          label="URL"
          description="Where we POST each event: an https:// address of your system."
          required
          maxLength={MAX_WEBHOOK_URL}
          autoComplete="off"
          defaultValue={failure?.values.url ?? ""}
          error={errors.url}
        />
        <TextInput
          id="new-webhook-description"
          name="description"
          label="Description"
          description="Optional: what it is, to tell it apart (“CRM”, “Accounts”)."
          maxLength={MAX_WEBHOOK_DESCRIPTION}
          autoComplete="off"
          defaultValue={failure?.values.description ?? ""}
          error={errors.description}
          maw="24rem"
        />
        <WebhookEventsField idPrefix="new-webhook-event" error={errors.events} />
        <Group>
          <Button type="submit" loading={fetcher.state !== "idle"}>
            Add endpoint
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}
