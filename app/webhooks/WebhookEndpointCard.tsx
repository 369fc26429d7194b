import { Anchor, Badge, Card, Group, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { webhookPath } from "#contract/paths.ts";
import { type WebhookEndpointView, webhookEventLabels } from "#contract/webhooks.ts";
import { endpointStateText, failingText } from "./webhook-text.ts";

/** The events an endpoint wants, as badges. */
export function WebhookEventBadges({ events }: { events: WebhookEndpointView["events"] }) {
  return (
    <Group gap={6} aria-label="Events" role="list">
      {events.map((type) => (
        <Badge key={type} variant="outline" color="blue" radius="sm" role="listitem">
          {webhookEventLabels[type]}
        </Badge>
      ))}
    </Group>
  );
}

/** Text that reads as a warning in light and dark alike (Mantine's themed red). */
const warningColor = "var(--mantine-color-red-text)";

/** On or off; switched off by us, with why; and since when it fails. */
export function WebhookEndpointState({ endpoint }: { endpoint: WebhookEndpointView }) {
  const failing = failingText(endpoint);
  return (
    <Stack gap={4} data-testid="webhook-state">
      {endpoint.disabledReason && !endpoint.enabled ? (
        <Text size="sm" fw={700} c={warningColor}>
          {endpointStateText(endpoint)}
        </Text>
      ) : (
        <Group gap="xs">
          <Badge color={endpoint.enabled ? "green" : "gray"} variant="light">
            {endpointStateText(endpoint)}
          </Badge>
        </Group>
      )}
      {failing ? (
        <Text size="sm" c={warningColor} data-testid="webhook-failing">
          {failing}
        </Text>
      ) : null}
    </Stack>
  );
}

/** One endpoint in the list: its URL (to its page), description, events and state. */
export function WebhookEndpointCard({ endpoint }: { endpoint: WebhookEndpointView }) {
  return (
    <Card component="li" withBorder radius="md" padding="md" data-testid="webhook-endpoint">
      <Stack gap="xs">
        <Anchor
          component={Link}
          to={webhookPath(endpoint.id)}
          fw={700}
          ff="monospace"
          style={{ overflowWrap: "anywhere" }}
        >
          {endpoint.url}
        </Anchor>
        {endpoint.description ? <Text>{endpoint.description}</Text> : null}
        <WebhookEventBadges events={endpoint.events} />
        <WebhookEndpointState endpoint={endpoint} />
      </Stack>
    </Card>
  );
}
