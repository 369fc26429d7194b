import { Anchor, Text } from "@mantine/core";
import { data, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { DoorStatusBanner } from "#app/checkin/DoorStatusBanner.tsx";
import { TodayEventPicker } from "#app/checkin/TodayEventPicker.tsx";
import { TypedCodeForm } from "#app/checkin/TypedCodeForm.tsx";
import { todaysDoorEvents } from "#app/checkin/todays-door-events.ts";
import { useDoor } from "#app/checkin/use-door.ts";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { doorPageLinks } from "#app/door-worker/door-web-manifest.ts";
import { useDoorWorker } from "#app/door-worker/use-door-worker.ts";
import { field, isFunctionError } from "#app/forms/form-failure.ts";
import { foundOr404 } from "#app/loaders/found-or-404.server.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import type { Route } from "./+types/team_coordinator.check_in.ticket_info";

const title = "Ticket check";
const intro =
  "Type the code under a ticket's QR code (or paste a scanned one): the verdict shows the holder, ticket type and event, green when admitted, amber when already in, red when refused.";

export const meta = () => screenMeta(title, intro);

/** The door app's manifest: the door pages install as one app (decision 030). */
export const links = doorPageLinks;

/**
 * `?event={id}`: the event whose door this is (its staff only; anyone else gets the 404).
 * Without it, the events of the member's teams today, to pick one.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  requireSignedIn(server, request);
  const userId = server.auth?.userId ?? "";
  const eventId = new URL(request.url).searchParams.get("event") ?? "";
  if (!eventId) {
    const { teams } = await server.invoke("teams.mine", null);
    return { event: null, today: todaysDoorEvents(teams), userId, scanId: crypto.randomUUID() };
  }
  const stats = await foundOr404(server.invoke("checkin.stats", { eventId }));
  return { event: stats.event, today: [], userId, scanId: crypto.randomUUID() };
}

/** The check without JavaScript (in the browser the door checks the code, online or not). */
export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  requireSignedIn(server, request);
  const form = await request.formData();
  const eventId = new URL(request.url).searchParams.get("event") ?? "";
  try {
    const verdict = await foundOr404(
      server.invoke("checkin.scan", {
        eventId,
        code: field(form, "code"),
        deviceId: "typed",
        scanId: field(form, "scanId"),
      }),
    );
    return { verdict, error: null };
  } catch (error) {
    if (isFunctionError(error) && error.status !== "INTERNAL") {
      return data({ verdict: null, error: error.message }, { status: 400 });
    }
    throw error;
  }
}

function TypedCodeScreen({
  event,
  userId,
  scanId,
}: {
  event: { id: string; title: string };
  userId: string;
  scanId: string;
}) {
  const { door } = useDoor(event.id, userId);
  const answer = useActionData<typeof action>();
  const posting = useNavigation().state !== "idle";
  return (
    <Screen title={title} intro={`At the door of ${event.title}.`}>
      <DoorStatusBanner door={door} />
      <TypedCodeForm
        eventId={event.id}
        door={door}
        scanId={scanId}
        serverAnswer={answer}
        posting={posting}
      />
      <Anchor component={Link} to={`/team_coordinator/check_in/${event.id}`}>
        ← Check-in desk
      </Anchor>
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
    </Screen>
  );
}

export default function Page() {
  const { event, today, userId, scanId } = useLoaderData<typeof loader>();
  useDoorWorker(event?.id ?? null);
  if (!event) {
    return (
      <Screen title={title} intro="Pick the event whose door you are working today.">
        <TodayEventPicker events={today} />
      </Screen>
    );
  }
  return <TypedCodeScreen event={event} userId={userId} scanId={scanId} />;
}
