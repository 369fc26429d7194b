import { useLoaderData } from "react-router";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { isFunctionError } from "#app/forms/form-failure.ts";
import { foundOr404 } from "#app/loaders/found-or-404.server.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import { AnchorLink, Text } from "#app/ui/text.tsx";
import { RoomPanel } from "#app/waiting-room/RoomPanel.tsx";
import { useWaitingRoom } from "#app/waiting-room/use-waiting-room.ts";
import type { WaitingRoomView } from "#contract/waiting-room.ts";
import type { Route } from "./+types/waiting_room.$id";

const title = "Waiting room";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  screenMeta(loaderData ? `${title}: ${loaderData.view.title}` : title);

/**
 * `/waiting_room/{shortId}`: an event's waiting room (issue 28). Signed in only (a place
 * is bound to an account); the place itself is asked again by the browser, which keeps
 * the place's token, so the server's render shows no state that could flash wrong.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  requireSignedIn(server, request);
  try {
    return { view: await foundOr404(server.invoke("waitingRoom.status", { eventId: params.id })) };
  } catch (error) {
    // The organiser turned the room off (or never had one): the sale is open to all.
    if (!isFunctionError(error) || error.status !== "FAILED_PRECONDITION") throw error;
    const event = await foundOr404(server.invoke("events.get", { id: params.id }));
    return { view: roomOffView(event) };
  }
}

/** A room that is off, as the page draws it: no state, no place. */
const roomOffView = (event: { shortId: string; title: string }): WaitingRoomView => ({
  eventId: "",
  shortId: event.shortId,
  title: event.title,
  room: null,
  place: null,
});

export default function Page() {
  const { view: initial } = useLoaderData<typeof loader>();
  const room = useWaitingRoom(initial);
  return (
    <Screen
      title={title}
      intro={
        <>
          For <AnchorLink to={`/${initial.shortId}`}>{initial.title}</AnchorLink>
        </>
      }
    >
      <RoomPanel
        view={room.view}
        phase={room.phase}
        joining={room.joining}
        progress={room.progress}
        error={room.error}
        onJoin={() => void room.join()}
        ready={room.checked}
      />
      <Text size="sm" c="dimmed">
        Your place is kept if you reload or come back on another device signed in to the same
        account.
      </Text>
    </Screen>
  );
}
