import { Checkbox, Stack } from "@mantine/core";
import type { WebhookEventType } from "#contract/webhooks.ts";
import { webhookEventHints, webhookEventLabels, webhookEventTypes } from "#contract/webhooks.ts";

type Props = {
  /** Prefix of the checkboxes' ids, unique on the page. */
  idPrefix: string;
  /** Ticked at first. */
  ticked?: readonly WebhookEventType[];
  error?: string | undefined;
};

/**
 * A checkbox per kind of event, with its label and hint: what an endpoint is sent. The
 * group holds which are ticked (a checkbox's own default is ignored inside a group).
 */
export function WebhookEventsField({ idPrefix, ticked = [], error }: Props) {
  return (
    <Checkbox.Group
      label="Events"
      description="What this endpoint is told about. Tick only what your system uses."
      error={error}
      withAsterisk
      defaultValue={[...ticked]}
    >
      <Stack gap="xs" pt={4}>
        {webhookEventTypes.map((type) => (
          <Checkbox
            key={type}
            id={`${idPrefix}-${type.replace(".", "-")}`}
            name="events"
            value={type}
            label={webhookEventLabels[type]}
            description={webhookEventHints[type]}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
