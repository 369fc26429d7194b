import { Anchor, Card, Stack, Text, Title } from "@mantine/core";
import { data, Link, useLoaderData } from "react-router";
import { ApiKeyCard } from "#app/api-keys/ApiKeyCard.tsx";
import { runApiKeysPageIntent } from "#app/api-keys/api-key-actions.server.ts";
import { activeKeysText } from "#app/api-keys/api-key-text.ts";
import { NewApiKeyForm } from "#app/api-keys/NewApiKeyForm.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { consoleLoad } from "#app/console/console-loader.server.ts";
import { Section } from "#app/forms/Section.tsx";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import { apiReferencePath } from "#contract/paths.ts";
import type { Route } from "./+types/business.api-keys";

const title = "API keys";
const intro =
  "Keys let your own systems (your website, a door app, your accounts) call this app for your business, limited to the scopes you choose.";

export const meta = () => screenMeta(title, intro);

/** The business's owner only (others go to sign in, or to the business form). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const list = await consoleLoad(server, request, () => server.invoke("apiKeys.list", null));
  // "Used 5 min ago" reads against this clock on the server and in the browser alike.
  return { ...list, now: new Date().toISOString() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  requireSignedIn(server, request);
  const { result, status } = await runApiKeysPageIntent(server, await request.formData());
  return data(result, { status });
}

export default function Page() {
  const { keys, max, now } = useLoaderData<typeof loader>();
  const active = keys.filter((key) => key.revokedAt === null).length;
  return (
    <Screen title={title} intro={intro}>
      <Anchor component={Link} to="/business">
        ← Back to the console
      </Anchor>
      <Text>
        How to call the functions, and what each one takes and answers:{" "}
        <Anchor component={Link} to={apiReferencePath}>
          the API reference
        </Anchor>
        .
      </Text>
      <Section id="api-keys-heading" heading="Your keys">
        {keys.length === 0 ? (
          <Text data-testid="api-keys-empty">
            No keys yet. Make one below, give it to the system that needs it, and revoke it when
            that system no longer does.
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed" data-testid="api-keys-count">
              {activeKeysText(active, max)}
            </Text>
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
              {keys.map((key) => (
                <ApiKeyCard key={key.id} apiKey={key} now={now} />
              ))}
            </Stack>
          </>
        )}
      </Section>
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="new-api-key">
        <Stack gap="sm">
          <Title order={2} size="h4" id="new-api-key">
            Make a key
          </Title>
          <NewApiKeyForm full={active >= max} />
        </Stack>
      </Card>
    </Screen>
  );
}
