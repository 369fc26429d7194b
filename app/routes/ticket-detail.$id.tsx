import { Anchor, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { Link, useLoaderData } from "react-router";
import { EventHeader } from "#app/booking/EventHeader.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { foundOr404 } from "#app/loaders/found-or-404.server.ts";
import { serverContext } from "#app/server-context.ts";
import { channelText, ticketStatusText } from "#app/tickets/ticket-labels.ts";
import { ticketPriceRow } from "#app/tickets/ticket-price.ts";
import { formatEventTime } from "#contract/event-time.ts";
import { ticketPath } from "#contract/paths.ts";
import type { Route } from "./+types/ticket-detail.$id";

const title = "Ticket details";

export const meta = () =>
  screenMeta(
    title,
    "Booking, price and whether it is paid, purchase time, who the ticket passed to, and its check-ins.",
  );

export async function loader({ params, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  return foundOr404(server.invoke("tickets.history", { ticketId: params.id }));
}

const assignmentStatusText: Record<string, string> = {
  pending: "waiting to be claimed",
  delivered: "received",
  claimed: "claimed",
  undone: "taken back",
};

/** An offline door's entry that could not stand (decision 030), by why. */
const conflictText: Record<string, string> = {
  "already-in": "a second entry, the ticket was already in",
  cancelled: "entered although the ticket was cancelled",
  "given-away": "entered with an old QR code of a ticket given away",
};

export default function Page() {
  const history = useLoaderData<typeof loader>();
  const zone = history.event.timeZone;
  const at = (iso: string) => formatEventTime(iso, zone, { withZone: true });
  const price = ticketPriceRow(history.booking);
  return (
    <Screen title={title}>
      <EventHeader event={history.event} href={`/${history.event.shortId}`} />
      <Paper withBorder p="md">
        <Table variant="vertical" layout="fixed" withRowBorders={false}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w="40%">Attendee</Table.Th>
              <Table.Td>{history.attendeeName}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Ticket type</Table.Th>
              <Table.Td>{history.ticketTypeName}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Status</Table.Th>
              <Table.Td>{ticketStatusText[history.status] ?? history.status}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Booking reference</Table.Th>
              <Table.Td ff="monospace">{history.booking.reference}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{price.label}</Table.Th>
              <Table.Td>{price.value}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Booked</Table.Th>
              <Table.Td>{at(history.booking.bookedAt)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>
      <Stack gap="xs" component="section" aria-labelledby="assignments-heading">
        <Title order={2} size="h4" id="assignments-heading">
          Passed on
        </Title>
        {history.assignments.length === 0 ? (
          <Text c="dimmed">This ticket has not changed hands.</Text>
        ) : (
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
            {history.assignments.map((a) => (
              <Text component="li" key={a.at}>
                {at(a.at)}: {a.fromName} gave it to {a.toName} {channelText[a.channel]} (
                {assignmentStatusText[a.status] ?? a.status})
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="checkins-heading">
        <Title order={2} size="h4" id="checkins-heading">
          Check-ins
        </Title>
        {history.checkIns.length === 0 && history.conflicts.length === 0 ? (
          <Text c="dimmed">Not used at the door yet.</Text>
        ) : (
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
            {history.checkIns.map((c) => (
              <Text component="li" key={c.at}>
                {at(c.at)} by {c.by} ({c.deviceId})
                {c.undoneAt ? ` (undone ${at(c.undoneAt)}: ${c.undoReason ?? ""})` : ""}
              </Text>
            ))}
            {history.conflicts.map((c) => (
              <Text component="li" key={`conflict-${c.at}-${c.deviceId}`} c="orange.9">
                {at(c.at)} by {c.by} ({c.deviceId}), offline: {conflictText[c.reason]}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
      <Anchor component={Link} to={ticketPath(history.id)}>
        Back to the ticket
      </Anchor>
    </Screen>
  );
}
