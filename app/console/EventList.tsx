import { Anchor, Card, Group, Progress, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import type { EventStatus } from "#contract/event-options.ts";
import { formatEventTime } from "#contract/event-time.ts";
import { EventStatusBadge } from "./EventStatusBadge.tsx";

export type EventListItem = {
  id: string;
  title: string;
  status: EventStatus;
  timeZone: string;
  startsAt: string;
  endsAt: string;
  venueName: string;
  path: string;
  ticketTypeCount: number;
  capacity: number;
  taken: number;
};

function TicketTotals({ event }: { event: EventListItem }) {
  if (event.ticketTypeCount === 0) {
    return (
      <Text size="sm" c="dimmed">
        No ticket types yet
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Text size="sm" data-testid="tickets-taken">
        {event.taken.toLocaleString("en-GB")} of {event.capacity.toLocaleString("en-GB")} tickets
        taken
      </Text>
      <Progress
        value={event.capacity ? (event.taken / event.capacity) * 100 : 0}
        size="sm"
        aria-label={`${event.title}: tickets taken`}
      />
    </Stack>
  );
}

/** The business's events as cards: status, date in the event's zone, tickets, links. */
export function EventList({ events }: { events: EventListItem[] }) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {events.map((event) => (
        <Card key={event.id} component="li" withBorder radius="md" padding="md">
          <Stack gap="xs">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Anchor component={Link} to={`/business/events/${event.id}`} fw={600} size="lg">
                {event.title}
              </Anchor>
              <EventStatusBadge status={event.status} endsAt={event.endsAt} />
            </Group>
            <Text size="sm" c="dimmed">
              {formatEventTime(event.startsAt, event.timeZone, { withZone: true })} ·{" "}
              {event.venueName}
            </Text>
            <TicketTotals event={event} />
            {event.status === "published" ? (
              <Anchor component={Link} to={event.path} size="sm">
                Public page
              </Anchor>
            ) : null}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
