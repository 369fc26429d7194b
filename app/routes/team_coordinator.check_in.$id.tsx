import { Anchor, Button, Text } from "@mantine/core";
import { Link, useLoaderData, useRevalidator } from "react-router";
import { DeskCounters } from "#app/checkin/DeskCounters.tsx";
import { DeskSearch } from "#app/checkin/DeskSearch.tsx";
import { DoorStatusBanner } from "#app/checkin/DoorStatusBanner.tsx";
import { runDeskIntent } from "#app/checkin/desk-action.server.ts";
import { RecentScans } from "#app/checkin/RecentScans.tsx";
import { useDoor } from "#app/checkin/use-door.ts";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { doorPageLinks } from "#app/door-worker/door-web-manifest.ts";
import { useDoorWorker } from "#app/door-worker/use-door-worker.ts";
import { Section } from "#app/forms/Section.tsx";
import { foundOr404 } from "#app/loaders/found-or-404.server.ts";
import { useLiveMessages } from "#app/realtime/live-stream.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import { formatEventTime } from "#contract/event-time.ts";
import type { Route } from "./+types/team_coordinator.check_in.$id";

const title = "Check-in desk";
const intro =
  "Live counts of guests in and expected, a search by name, phone number or booking reference with a check-in button, the latest scans, and a button to the scanner.";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  screenMeta(loaderData?.stats.event ? `${title}: ${loaderData.stats.event.title}` : title, intro);

/** The door app's manifest: the door pages install as one app (decision 030). */
export const links = doorPageLinks;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  requireSignedIn(server, request);
  const eventId = params.id;
  const stats = await foundOr404(server.invoke("checkin.stats", { eventId }));
  const recent = await server.invoke("checkin.recent", { eventId });
  const query = new URL(request.url).searchParams.get("q")?.trim().slice(0, 80) ?? "";
  const found =
    query.length >= 2 ? (await server.invoke("checkin.search", { eventId, query })).tickets : null;
  const userId = server.auth?.userId ?? "";
  return { stats, recent, query, found, userId, scanId: crypto.randomUUID() };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  requireSignedIn(server, request);
  return runDeskIntent(server, params.id, await request.formData());
}

export default function Page() {
  const { stats, recent, query, found, userId, scanId } = useLoaderData<typeof loader>();
  useDoorWorker(stats.event?.id ?? null);
  // Offline, the search and the check-in button use this device's copy (DeskSearch).
  const { door } = useDoor(stats.event?.id ?? "", userId);
  const revalidator = useRevalidator();
  const event = stats.event;
  // Another device admitted or undid someone here: fetch the figures again.
  useLiveMessages(["door-checkin"], (message) => {
    const payload = message.payload as { eventId?: string };
    if (payload.eventId === event?.id) void revalidator.revalidate();
  });
  if (!event) return null;
  return (
    <Screen
      title={title}
      intro={`${event.title} · ${formatEventTime(event.startsAt, event.timeZone)} · ${event.venueName}`}
    >
      <DoorStatusBanner door={door} />
      <Button
        component={Link}
        to={`/team_coordinator/check_in/scanner/${event.id}`}
        size="xl"
        color="green"
        fullWidth
      >
        Open the scanner
      </Button>
      <Anchor component={Link} to={`/team_coordinator/check_in/ticket_info?event=${event.id}`}>
        Type a ticket code
      </Anchor>
      <Section id="count-heading" heading="Guests in">
        <DeskCounters
          stats={stats}
          queued={door.connection === "offline" ? door.queueLength : undefined}
        />
      </Section>
      <Section id="search-heading" heading="Find a guest">
        <DeskSearch query={query} found={found} scanId={scanId} door={door} />
      </Section>
      <Section id="recent-heading" heading="Latest check-ins">
        <RecentScans checkIns={recent.checkIns} canUndo={recent.canUndo} />
        {recent.canUndo ? null : (
          <Text size="sm" c="dimmed">
            A coordinator can undo a check-in.
          </Text>
        )}
      </Section>
    </Screen>
  );
}
