import { Anchor, Card, Code, List, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { apiKeysPath, webhooksPath } from "#contract/paths.ts";
import {
  WEBHOOK_RETRY_WINDOW_HOURS,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TIMEOUT_SECONDS,
  type WebhookTypeReference,
} from "#contract/webhooks.ts";
import { Example } from "./Example.tsx";
import { SchemaTree } from "./SchemaTree.tsx";
import { schemaTree } from "./schema-tree.ts";

/** `#webhook-order.paid`: each kind of event's anchor. */
export const webhookAnchor = (type: string) => `webhook-${type}`;

const days = WEBHOOK_RETRY_WINDOW_HOURS / 24;

const request = `POST https://example.com/hooks
Content-Type: application/json
webhook-id: msg_6f1c0d2a9b8e4f7a8c3d2e1f0a9b8c7d
webhook-timestamp: 1795806000
webhook-signature: v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=

{"type":"order.paid","timestamp":"2026-11-27T19:00:00.000Z","data":{"orderId":"…","eventId":"…","amountMinor":2500,"currency":"GBP"}}`;

const verify = `import { Webhook } from "standardwebhooks";

const hook = new Webhook(process.env.WEBHOOK_SECRET); // ${WEBHOOK_SECRET_PREFIX}…
// The raw body as received, before any JSON parsing. Throws when the
// signature is not ours or the timestamp is more than 5 minutes off.
const event = hook.verify(rawBody, request.headers);`;

/**
 * Webhooks for whoever receives them: how a body is sent and signed, how to check it,
 * retries and switching off, then each kind of event with its `data` (from `api.reference`).
 */
export function WebhooksGuide({ webhooks }: { webhooks: WebhookTypeReference[] }) {
  return (
    <Stack gap="md" component="section" aria-labelledby="webhooks">
      <Title order={2} id="webhooks">
        Webhooks
      </Title>
      <Text>
        Add endpoints on your console's{" "}
        <Anchor component={Link} to={webhooksPath}>
          Webhooks
        </Anchor>{" "}
        page and pick the kinds of event each wants. Each event is POSTed as JSON to every endpoint
        that wants it, signed in the <strong>Standard Webhooks</strong> format with the endpoint's
        secret. Bodies are thin: what happened and the ids; read the rest with an{" "}
        <Anchor component={Link} to={apiKeysPath}>
          API key
        </Anchor>{" "}
        (<Code>orders.get</Code>, <Code>events.getForOwner</Code>).
      </Text>
      <Example>{request}</Example>
      <Text>Check every request with any Standard Webhooks library, for example in Node.js:</Text>
      <Example>{verify}</Example>
      <List spacing={4}>
        <List.Item>
          Answer with any 2xx within {WEBHOOK_TIMEOUT_SECONDS} seconds, and do the work afterwards.
          Anything else, no answer or a redirect is a failed attempt.
        </List.Item>
        <List.Item>
          A failed delivery is tried again after 5 seconds, 5 minutes, 30 minutes, 2 hours, 5 hours,
          then every 10 hours, for {days} days after the event.
        </List.Item>
        <List.Item>
          <Code>webhook-id</Code> is the same on every attempt: an event may arrive twice, so skip
          an id you have already handled. Events may arrive out of order; <Code>timestamp</Code>{" "}
          says when each happened.
        </List.Item>
        <List.Item>
          An endpoint that fails every delivery for {days} days is switched off and you are told.
          Its deliveries are kept: switch it on and send them again from its page.
        </List.Item>
      </List>
      <Title order={3} id="webhook-events">
        Kinds of event
      </Title>
      {webhooks.map((hook) => (
        <Card
          key={hook.type}
          component="article"
          withBorder
          radius="md"
          padding="md"
          id={webhookAnchor(hook.type)}
          aria-labelledby={`${webhookAnchor(hook.type)}-title`}
          data-testid="webhook-type"
        >
          <Stack gap="sm">
            <Title order={4} ff="monospace" id={`${webhookAnchor(hook.type)}-title`}>
              {hook.type}
            </Title>
            <Text>
              <strong>{hook.label}.</strong> {hook.hint}
            </Text>
            <Stack gap={4}>
              <Text fw={700} size="sm">
                <Code>data</Code>
              </Text>
              <SchemaTree node={schemaTree(hook.data)} />
            </Stack>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
