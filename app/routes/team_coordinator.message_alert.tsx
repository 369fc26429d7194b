import { Anchor, Text } from "@mantine/core";
import { Link, useLoaderData } from "react-router";
import { AlertFeed } from "#app/alerts/AlertFeed.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import type { Route } from "./+types/team_coordinator.message_alert";

const title = "Message alerts";
const intro =
  "Live alerts for the door teams you are in, newest first: messages from the business owner and alerts such as an event reaching capacity. Unread alerts stand out and each one can be acknowledged; new ones arrive without reloading the page.";

export const meta = () => screenMeta(title, intro);

export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  requireSignedIn(server, request);
  const [page, { member }] = await Promise.all([
    server.invoke("alerts.list", null),
    server.invoke("teams.isMember", null),
  ]);
  return { ...page, member };
}

export default function Page() {
  const { items, nextCursor, member } = useLoaderData<typeof loader>();
  return (
    <Screen title={title} intro={intro}>
      {member ? (
        <AlertFeed initial={items} nextCursor={nextCursor} />
      ) : (
        <Text>
          You are not in a door team, so there are no alerts for you. A business adds you to a team
          by your phone or email;{" "}
          <Anchor component={Link} to="/team_coordinator/team_list">
            see how to join a team
          </Anchor>
          .
        </Text>
      )}
    </Screen>
  );
}
