import { Anchor, Button, Stack, Text, Title } from "@mantine/core";
import { Link, useLoaderData } from "react-router";
import { groupTicketsByEvent } from "#app/booking/group-tickets.ts";
import { UpcomingTickets } from "#app/booking/UpcomingTickets.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { EventCardGrid } from "#app/events/EventCard.tsx";
import { serverContext } from "#app/server-context.ts";
import type { Route } from "./+types/upcomming";

const title = "Upcoming";
const intro =
  "Your tickets for events that have not ended yet, soonest first, each with its QR code for the door. Without signing in, this page lists the upcoming public events.";

export const meta = () => screenMeta(title, intro);

export async function loader({ context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  if (server.auth) {
    const tickets = await server.invoke("tickets.upcoming", null);
    return { signedIn: true as const, groups: groupTicketsByEvent(tickets) };
  }
  const { events } = await server.invoke("events.search", { page: 1 });
  return { signedIn: false as const, events };
}

function VisitorView({ events }: { events: Parameters<typeof EventCardGrid>[0]["events"] }) {
  return (
    <>
      <Stack gap="xs" align="flex-start">
        <Text>Sign in to see your tickets here.</Text>
        <Button component={Link} to="/login?redirect=/upcomming">
          Sign in
        </Button>
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="events-heading">
        <Title order={2} size="h3" id="events-heading">
          Upcoming events
        </Title>
        {events.length > 0 ? (
          <EventCardGrid events={events} />
        ) : (
          <Text>No upcoming events yet.</Text>
        )}
      </Stack>
    </>
  );
}

export default function Page() {
  const loaded = useLoaderData<typeof loader>();
  if (!loaded.signedIn) {
    return (
      <Screen title={title} intro={intro}>
        <VisitorView events={loaded.events} />
      </Screen>
    );
  }
  return (
    <Screen title={title} intro={intro}>
      {loaded.groups.length > 0 ? (
        <UpcomingTickets groups={loaded.groups} />
      ) : (
        <Stack gap="xs">
          <Text>You have no tickets for upcoming events.</Text>
          <Anchor component={Link} to="/">
            Find an event
          </Anchor>
        </Stack>
      )}
    </Screen>
  );
}
