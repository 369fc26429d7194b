import { Badge, Button, Card, Code, Group, Stack, Text } from "@mantine/core";
import { useFetcher } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import type { IntentResult } from "#app/forms/intent-action.ts";
import {
  WEBHOOK_TEST_TYPE,
  type WebhookDeliveryView,
  type WebhookEventType,
  webhookEventLabels,
} from "#contract/webhooks.ts";
import { resendWebhookIntent } from "./webhook-intents.ts";
import {
  attemptsText,
  deliveryStatusColors,
  deliveryStatusLabels,
  lastAnswerText,
  prettyBody,
  timeText,
} from "./webhook-text.ts";

const typeLabel = (type: WebhookDeliveryView["type"]) =>
  type === WEBHOOK_TEST_TYPE ? "Test" : webhookEventLabels[type as WebhookEventType];

/**
 * One delivery in the log: what it was, its status, what the endpoint last answered, how
 * many attempts and when, the next for a pending one, the body as sent (folded), and
 * "Send again".
 */
export function WebhookDeliveryItem({ delivery }: { delivery: WebhookDeliveryView }) {
  const fetcher = useFetcher<IntentResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <Card component="li" withBorder radius="md" padding="sm" data-testid="webhook-delivery">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text fw={700}>{typeLabel(delivery.type)}</Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {delivery.type}
            </Text>
          </Stack>
          <Badge
            color={deliveryStatusColors[delivery.status]}
            variant="light"
            data-testid="webhook-delivery-status"
          >
            {deliveryStatusLabels[delivery.status]}
          </Badge>
        </Group>
        <Text size="sm" data-testid="webhook-delivery-answer" style={{ overflowWrap: "anywhere" }}>
          {lastAnswerText(delivery)} · {attemptsText(delivery.attempts)}
        </Text>
        <Text size="sm" c="dimmed">
          Queued {timeText(delivery.createdAt)}
          {delivery.lastAttemptAt ? ` · last tried ${timeText(delivery.lastAttemptAt)}` : ""}
        </Text>
        {delivery.nextAttemptAt ? (
          <Text size="sm" c="dimmed">
            Next attempt {timeText(delivery.nextAttemptAt)}
          </Text>
        ) : null}
        <details>
          <summary style={{ cursor: "pointer" }}>
            <Text span size="sm">
              Body as sent
            </Text>
          </summary>
          <Text size="xs" c="dimmed" mt="xs" style={{ overflowWrap: "anywhere" }}>
            webhook-id: <span style={{ fontFamily: "monospace" }}>{delivery.eventId}</span>
          </Text>
          <Code
            block
            mt="xs"
            style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }}
            data-testid="webhook-delivery-body"
          >
            {prettyBody(delivery.body)}
          </Code>
        </details>
        {result ? (
          <FormMessage kind={result.ok ? "notice" : "error"}>
            {result.ok ? result.notice : result.failure.message}
          </FormMessage>
        ) : null}
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value={resendWebhookIntent} />
          <input type="hidden" name="deliveryId" value={delivery.id} />
          <Button
            type="submit"
            size="xs"
            variant="default"
            loading={fetcher.state !== "idle"}
            aria-label={`Send again: ${typeLabel(delivery.type)}, queued ${timeText(delivery.createdAt)}`}
          >
            Send again
          </Button>
        </fetcher.Form>
      </Stack>
    </Card>
  );
}
