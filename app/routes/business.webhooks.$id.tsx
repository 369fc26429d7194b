import { Anchor, Card, Stack, Text, Title } from "@mantine/core";
import { data, Link, useLoaderData } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { consoleLoad } from "#app/console/console-loader.server.ts";
import { Section } from "#app/forms/Section.tsx";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import { WebhookDeliveryLog } from "#app/webhooks/WebhookDeliveryLog.tsx";
import { WebhookEndpointState } from "#app/webhooks/WebhookEndpointCard.tsx";
import { WebhookSecretPanel } from "#app/webhooks/WebhookSecretPanel.tsx";
import { DeleteWebhook, WebhookEventsForm, WebhookSwitch } from "#app/webhooks/WebhookSettings.tsx";
import { runWebhookPageIntent } from "#app/webhooks/webhook-actions.server.ts";
import { webhooksPath } from "#contract/paths.ts";
import type { Route } from "./+types/business.webhooks.$id";

export const meta = () => screenMeta("Webhook endpoint");

/**
 * The endpoint (without its secret: "Reveal" asks for it) and a page of its deliveries,
 * from `?cursor=` when "Load more" asks for an older one.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const search = new URL(request.url).searchParams;
  const cursor = search.get("cursor");
  const [detail, deliveries] = await consoleLoad(server, request, () =>
    Promise.all([
      server.invoke("webhooks.get", { endpointId: params.id }),
      server.invoke("webhooks.deliveries", {
        endpointId: params.id,
        ...(cursor ? { cursor } : {}),
      }),
    ]),
  );
  const { secret: _secret, ...endpoint } = detail;
  return { endpoint, deliveries, cursor, added: search.has("added") };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  requireSignedIn(server, request);
  const { result, status } = await runWebhookPageIntent(
    server,
    params.id,
    await request.formData(),
  );
  return data(result, { status });
}

export default function Page() {
  const loaded = useLoaderData<typeof loader>();
  const { endpoint, added } = loaded;
  return (
    <Screen title="Webhook endpoint">
      <Anchor component={Link} to={webhooksPath}>
        ← All endpoints
      </Anchor>
      {added ? (
        <FormMessage kind="notice">
          The endpoint is added. Copy its signing secret into your system, then send it a test.
        </FormMessage>
      ) : null}
      <Stack gap="xs">
        <Text
          fw={700}
          size="lg"
          ff="monospace"
          style={{ overflowWrap: "anywhere" }}
          data-testid="webhook-url"
        >
          {endpoint.url}
        </Text>
        {endpoint.description ? <Text>{endpoint.description}</Text> : null}
        <WebhookEndpointState endpoint={endpoint} />
        <WebhookSwitch endpoint={endpoint} />
      </Stack>
      <Card
        withBorder
        radius="md"
        padding="md"
        component="section"
        aria-labelledby="secret-heading"
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="secret-heading">
            Signing secret
          </Title>
          <WebhookSecretPanel />
        </Stack>
      </Card>
      <Section id="events-heading" heading="Events">
        <WebhookEventsForm endpoint={endpoint} />
      </Section>
      <Section id="deliveries-heading" heading="Deliveries">
        <WebhookDeliveryLog endpointId={endpoint.id} enabled={endpoint.enabled} loaded={loaded} />
      </Section>
      <Section id="delete-heading" heading="Delete">
        <DeleteWebhook />
      </Section>
    </Screen>
  );
}
