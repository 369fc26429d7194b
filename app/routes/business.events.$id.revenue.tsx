import { Anchor } from "@mantine/core";
import { Link, useLoaderData } from "react-router";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { foundOr404 } from "#app/loaders/found-or-404.server.ts";
import { RevenueOverview } from "#app/revenue/RevenueOverview.tsx";
import { serverContext } from "#app/server-context.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import { formatEventTime } from "#contract/event-time.ts";
import { revenuePath } from "#contract/paths.ts";
import type { Route } from "./+types/business.events.$id.revenue";

const intro =
  "Card payments taken, booking fees, refunds and what you keep, by ticket type and by day (in the event's time zone).";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  screenMeta(loaderData ? `Revenue: ${loaderData.view.scope.event?.title}` : "Revenue", intro);

/** The event's owner; anyone else, and an id that names nothing: the 404 page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  requireSignedIn(server, request);
  return { view: await foundOr404(server.invoke("orders.revenue", { eventId: params.id })) };
}

export default function Page() {
  const { view } = useLoaderData<typeof loader>();
  const event = view.scope.event;
  if (!event) return null;
  return (
    <Screen
      title={`Revenue: ${event.title}`}
      intro={`${formatEventTime(event.startsAt, event.timeZone, { withZone: true })}. ${intro}`}
    >
      <Anchor component={Link} to={`/business/events/${event.id}`}>
        ← Edit the event
      </Anchor>
      <RevenueOverview view={view} csvPath={`${revenuePath(event.id)}.csv`} />
      <Anchor component={Link} to={revenuePath()}>
        Revenue of all your events
      </Anchor>
    </Screen>
  );
}
