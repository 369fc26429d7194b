import { Anchor, Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { eventTicketsPath, ticketPath } from "#contract/paths.ts";
import { ticketStatusLabels } from "./booking-labels.ts";
import { EventHeader } from "./EventHeader.tsx";
import type { EventTickets } from "./group-tickets.ts";

function EventGroup({ group }: { group: EventTickets }) {
  const { event, tickets } = group;
  return (
    <Paper component="li" withBorder p="md">
      <Stack gap="sm">
        <EventHeader event={event} href={`/${event.shortId}`} />
        {event.status === "cancelled" ? (
          <Text c="red.8" fw={600}>
            The organiser cancelled this event.
          </Text>
        ) : null}
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {tickets.map((ticket) => (
            <Group key={ticket.id} component="li" justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                <Anchor component={Link} to={ticketPath(ticket.id)}>
                  {ticket.attendeeName}
                </Anchor>
                {ticket.status === "checked-in" ? (
                  <Badge variant="light" color={ticketStatusLabels["checked-in"].color}>
                    {ticketStatusLabels["checked-in"].label}
                  </Badge>
                ) : null}
              </Group>
              <Text size="sm" c="dimmed">
                {ticket.ticketTypeName}
              </Text>
            </Group>
          ))}
        </Stack>
        <Anchor component={Link} to={eventTicketsPath(event.id)} size="sm">
          {tickets.length === 1 ? "Show the QR code" : `Show all ${tickets.length} QR codes`}
        </Anchor>
      </Stack>
    </Paper>
  );
}

/**
 * The signed-in user's tickets by event, soonest first; each ticket opens its QR. One used
 * at the door stays, marked, until its event ends.
 */
export function UpcomingTickets({ groups }: { groups: EventTickets[] }) {
  return (
    <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
      {groups.map((group) => (
        <EventGroup key={group.event.id} group={group} />
      ))}
    </Stack>
  );
}
