import { Anchor, Text } from "@mantine/core";
import { data, Link, useLoaderData } from "react-router";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { consoleLoad } from "#app/console/console-loader.server.ts";
import { Section } from "#app/forms/Section.tsx";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import { runWaitingListPageIntent } from "#app/waiting-list/list-actions.server.ts";
import { WaitingListSettingsForm } from "#app/waiting-list/WaitingListSettingsForm.tsx";
import { WaitingListTypeSection } from "#app/waiting-list/WaitingListTypeSection.tsx";
import type { Route } from "./+types/business.events.$id.waiting_list";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  screenMeta(loaderData ? `Waiting list: ${loaderData.overview.title}` : "Waiting list");

/** The event's owner only: anyone else gets the 404 page (the functions say NOT_FOUND). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const [overview, event] = await consoleLoad(server, request, async () => {
    // The list first: its NOT_FOUND (not the owner's) decides the answer for anyone else.
    const list = await server.invoke("waitingList.forEvent", { eventId: params.id });
    // The event's zone: the list's times read as the event's own times do.
    return [list, await server.invoke("events.getForOwner", { eventId: params.id })] as const;
  });
  return { overview, timeZone: event.timeZone };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  requireSignedIn(server, request);
  const { result, status } = await runWaitingListPageIntent(
    server,
    params.id,
    await request.formData(),
  );
  return data(result, { status });
}

export default function Page() {
  const { overview, timeZone } = useLoaderData<typeof loader>();
  const empty = overview.types.every((type) => type.entries.length === 0);
  return (
    <Screen title={`Waiting list: ${overview.title}`}>
      <Anchor component={Link} to={`/business/events/${overview.eventId}`}>
        ← Back to the event
      </Anchor>
      <Section id="lists-heading" heading="People waiting">
        {empty ? (
          <Text>
            Nobody is on the waiting list yet. When a ticket type sells out, people can join its
            list from the event page; when tickets come back, they are offered to them in order.
          </Text>
        ) : (
          overview.types.map((type) => (
            <WaitingListTypeSection key={type.ticketTypeId} type={type} timeZone={timeZone} />
          ))
        )}
      </Section>
      <Section id="settings-heading" heading="Settings">
        <WaitingListSettingsForm overview={overview} />
      </Section>
    </Screen>
  );
}
