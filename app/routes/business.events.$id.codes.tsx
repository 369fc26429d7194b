import { Anchor, Card, Stack, Text, Title } from "@mantine/core";
import { data, Link, useLoaderData } from "react-router";
import { CodeCard } from "#app/codes/CodeCard.tsx";
import { CodeForm } from "#app/codes/CodeForm.tsx";
import { runCodesPageIntent } from "#app/codes/code-actions.server.ts";
import { blankCode } from "#app/codes/code-form-input.ts";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { consoleLoad } from "#app/console/console-loader.server.ts";
import { Section } from "#app/forms/Section.tsx";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import type { Route } from "./+types/business.events.$id.codes";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  screenMeta(loaderData ? `Codes: ${loaderData.view.title}` : "Codes");

/** The event's owner only: anyone else gets the 404 page (the function says NOT_FOUND). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const view = await consoleLoad(server, request, () =>
    server.invoke("codes.forEvent", { eventId: params.id }),
  );
  return { view };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  requireSignedIn(server, request);
  // The event's zone reads the form's local times (and the call refuses anyone but the owner).
  const view = await consoleLoad(server, request, () =>
    server.invoke("codes.forEvent", { eventId: params.id }),
  );
  const { result, status } = await runCodesPageIntent(
    server,
    view.eventId,
    view.timeZone,
    await request.formData(),
  );
  return data(result, { status });
}

export default function Page() {
  const { view } = useLoaderData<typeof loader>();
  return (
    <Screen title={`Codes: ${view.title}`}>
      <Anchor component={Link} to={`/business/events/${view.eventId}`}>
        ← Back to the event
      </Anchor>
      <Section id="codes-heading" heading="Promo and access codes">
        {view.codes.length === 0 ? (
          <Text data-testid="codes-empty">
            No codes yet. A code takes a percentage or an amount off the tickets, or opens hidden
            ticket types to the people you give it to (guests, press, staff). Share it as a link:
            the event page opens with the code applied.
          </Text>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
            {view.codes.map((code) => (
              <CodeCard key={code.id} code={code} event={view} />
            ))}
          </Stack>
        )}
      </Section>
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="new-code">
        <Stack gap="sm">
          <Title order={2} size="h4" id="new-code">
            Add a code
          </Title>
          <CodeForm
            start={blankCode}
            idPrefix="new-code"
            submitLabel="Add code"
            timeZone={view.timeZone}
            currency={view.currency}
            ticketTypes={view.ticketTypes}
            emptyAfterSaving
          />
        </Stack>
      </Card>
    </Screen>
  );
}
