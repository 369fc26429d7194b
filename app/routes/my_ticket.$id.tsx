import { Anchor, Button, Group, Text } from "@mantine/core";
import { Link, useLoaderData } from "react-router";
import { EventHeader } from "#app/booking/EventHeader.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { foundOr404 } from "#app/loaders/found-or-404.server.ts";
import { serverContext } from "#app/server-context.ts";
import { DoorTicket } from "#app/tickets/DoorTicket.tsx";
import classes from "#app/tickets/Wallet.module.css";
import { WalletButtons } from "#app/tickets/WalletButtons.tsx";
import { eventTicketsPath, ticketPath } from "#contract/paths.ts";
import type { Route } from "./+types/my_ticket.$id";

const title = "My tickets";

export const meta = () =>
  screenMeta(title, "All your tickets for one event, one QR code each, to swipe through.");

export async function loader({ params, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  return foundOr404(server.invoke("tickets.forEvent", { eventId: params.id }));
}

export default function Page() {
  const { event, tickets } = useLoaderData<typeof loader>();
  const valid = tickets.filter((ticket) => ticket.qr).length;
  return (
    <Screen title={title}>
      <EventHeader event={event} href={`/${event.shortId}`} />
      <Text size="sm" c="dimmed" id="wallet-hint">
        {tickets.length === 1
          ? "1 ticket."
          : `${tickets.length} tickets, one QR code each: on a phone, swipe to the next one.`}
      </Text>
      <ul className={classes.strip} aria-label="Your tickets" aria-describedby="wallet-hint">
        {tickets.map((ticket, index) => (
          <li key={ticket.id} aria-label={`Ticket ${index + 1} of ${tickets.length}`}>
            <DoorTicket ticket={ticket} />
            {ticket.wallet.apple || ticket.wallet.google ? (
              <Group gap="xs" mt="xs">
                <WalletButtons wallet={ticket.wallet} />
              </Group>
            ) : null}
            <Anchor component={Link} to={ticketPath(ticket.id)} mt="xs" display="inline-block">
              Open ticket {index + 1}
            </Anchor>
          </li>
        ))}
      </ul>
      <Group gap="sm">
        {valid > 0 ? (
          <Button component="a" href={`${eventTicketsPath(event.id)}/pdf`} download>
            Download all as PDF
          </Button>
        ) : null}
        <Button component="a" href={`/${event.shortId}/calendar.ics`} variant="default">
          Add to calendar
        </Button>
      </Group>
    </Screen>
  );
}
