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
import { NewWebhookForm } from "#app/webhooks/NewWebhookForm.tsx";
import { WebhookEndpointCard } from "#app/webhooks/WebhookEndpointCard.tsx";
import { runWebhooksPageIntent } from "#app/webhooks/webhook-actions.server.ts";
import { endpointCountText } from "#app/webhooks/webhook-text.ts";
import { MAX_WEBHOOK_ENDPOINTS } from "#contract/webhooks.ts";
import type { Route } from "./+types/business.webhooks._index";

const title = "Webhooks";
const intro =
  "Webhooks tell your own systems (your CRM, your accounts, your website) what happens at your events as it happens: we POST each event, signed, to the endpoints you add here.";

export const meta = () => screenMeta(title, intro);

/** The business's owner only (others go to sign in, or to the business form). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const list = await consoleLoad(server, request, () => server.invoke("webhooks.list", null));
  return { ...list, deleted: new URL(request.url).searchParams.has("deleted") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  requireSignedIn(server, request);
  const { result, status } = await runWebhooksPageIntent(server, await request.formData());
  return data(result, { status });
}

export default function Page() {
  const { items, deleted } = useLoaderData<typeof loader>();
  return (
    <Screen title={title} intro={intro}>
      <Anchor component={Link} to="/business">
        ← Back to the console
      </Anchor>
      {deleted ? <FormMessage kind="notice">The endpoint is deleted.</FormMessage> : null}
      <Section id="webhooks-heading" heading="Your endpoints">
        {items.length === 0 ? (
          <Text data-testid="webhooks-empty">
            No endpoints yet. Add one below with the events it wants; send it a test from its page.
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed" data-testid="webhooks-count">
              {endpointCountText(items.length, MAX_WEBHOOK_ENDPOINTS)}
            </Text>
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
              {items.map((endpoint) => (
                <WebhookEndpointCard key={endpoint.id} endpoint={endpoint} />
              ))}
            </Stack>
          </>
        )}
      </Section>
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="new-webhook">
        <Stack gap="sm">
          <Title order={2} size="h4" id="new-webhook">
            Add an endpoint
          </Title>
          <NewWebhookForm full={items.length >= MAX_WEBHOOK_ENDPOINTS} />
        </Stack>
      </Card>
    </Screen>
  );
}
