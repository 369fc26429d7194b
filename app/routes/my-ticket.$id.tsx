import { Alert, Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { Link, useLoaderData } from "react-router";
import { EventHeader } from "#app/booking/EventHeader.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { foundOr404 } from "#app/loaders/found-or-404.server.ts";
import { serverContext } from "#app/server-context.ts";
import { DoorTicket } from "#app/tickets/DoorTicket.tsx";
import { WalletButtons } from "#app/tickets/WalletButtons.tsx";
import { assignPath, eventTicketsPath, ticketPath } from "#contract/paths.ts";
import type { Route } from "./+types/my-ticket.$id";

const title = "My ticket";

export const meta = () =>
  screenMeta(title, "One of your tickets with its QR code to show at the door.");

export async function loader({ params, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  return foundOr404(server.invoke("tickets.get", { ticketId: params.id }));
}

export default function Page() {
  const ticket = useLoaderData<typeof loader>();
  const { event } = ticket;
  return (
    <Screen title={title}>
      {ticket.qr ? (
        <Alert variant="light" color="blue" title="At the door">
          Turn your screen brightness up and hold the code steady in front of the scanner.
        </Alert>
      ) : null}
      <DoorTicket ticket={ticket} />
      {ticket.wallet.apple || ticket.wallet.google ? (
        <Group gap="sm">
          <WalletButtons wallet={ticket.wallet} />
        </Group>
      ) : null}
      <EventHeader event={event} href={`/${event.shortId}`} />
      {event.venueAddress ? <Text>{event.venueAddress}</Text> : null}
      <Group gap="sm">
        {ticket.qr ? (
          <Button component="a" href={`${ticketPath(ticket.id)}/pdf`} download variant="filled">
            Download PDF
          </Button>
        ) : null}
        <Button component="a" href={`/${event.shortId}/calendar.ics`} variant="default">
          Add to calendar
        </Button>
        {ticket.qr ? (
          <Button component={Link} to={assignPath(ticket.id)} variant="default">
            Give to someone
          </Button>
        ) : null}
      </Group>
      <Stack gap={4}>
        <Anchor component={Link} to={`/ticket-detail/${ticket.id}`}>
          Booking and history of this ticket
        </Anchor>
        <Anchor component={Link} to={eventTicketsPath(event.id)}>
          All your tickets for this event
        </Anchor>
      </Stack>
    </Screen>
  );
}
