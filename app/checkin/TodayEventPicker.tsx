import { Anchor, Card, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { formatEventEnd, formatEventTime } from "#contract/event-time.ts";
import type { TeamEvent } from "./todays-door-events.ts";

/** The typed-code page without an event: one link per event the member may work today. */
export function TodayEventPicker({ events }: { events: readonly TeamEvent[] }) {
  if (events.length === 0) {
    return (
      <Card withBorder radius="md" padding="lg" data-testid="no-door-events">
        <Stack gap="xs">
          <Text fw={700}>No event of yours today</Text>
          <Text>
            None of your door teams works an event today. Events of the coming days are on{" "}
            <Anchor component={Link} to="/team_coordinator/team_list">
              My teams
            </Anchor>
            .
          </Text>
        </Stack>
      </Card>
    );
  }
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {events.map((event) => (
        <Card key={event.id} component="li" withBorder radius="md" padding="md">
          <Anchor
            component={Link}
            to={`/team_coordinator/check_in/ticket_info?event=${event.id}`}
            fw={700}
            size="lg"
          >
            {event.title}
          </Anchor>
          <Text size="sm" c="dimmed">
            {formatEventTime(event.startsAt, event.timeZone)}–
            {formatEventEnd(event.startsAt, event.endsAt, event.timeZone)} · {event.venueName}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
