import { Anchor, Badge, Group, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import type { TeamEvent } from "#app/checkin/todays-door-events.ts";
import { formatEventEnd, formatEventTime } from "#contract/event-time.ts";

/** A team's events, today's first, each with a link to its check-in desk. */
export function TeamEventList({ events }: { events: readonly TeamEvent[] }) {
  if (events.length === 0) {
    return <Text c="dimmed">No upcoming events for this team yet.</Text>;
  }
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {events.map((event) => (
        <Stack key={event.id} component="li" gap={2}>
          <Group gap="xs">
            <Text fw={600}>{event.title}</Text>
            {event.today ? (
              <Badge color="green" variant="light">
                Today
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {formatEventTime(event.startsAt, event.timeZone)}–
            {formatEventEnd(event.startsAt, event.endsAt, event.timeZone)} · {event.venueName}
          </Text>
          <Anchor component={Link} to={`/team_coordinator/check_in/${event.id}`} size="sm">
            Check-in desk for {event.title}
          </Anchor>
        </Stack>
      ))}
    </Stack>
  );
}
