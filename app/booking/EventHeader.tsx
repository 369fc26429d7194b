import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { formatEventTime } from "#contract/event-time.ts";

type EventLine = {
  title: string;
  startsAt: string;
  timeZone: string;
  venueName: string;
};

/** Which event, when (in the event's own zone) and where: the top of the booking screens. */
export function EventHeader({ event, href }: { event: EventLine; href?: string }) {
  return (
    <Stack gap={2}>
      <Title order={2} size="h3">
        {href ? (
          <Anchor component={Link} to={href} inherit>
            {event.title}
          </Anchor>
        ) : (
          event.title
        )}
      </Title>
      <Text>
        <time dateTime={event.startsAt}>
          {formatEventTime(event.startsAt, event.timeZone, { withZone: true })}
        </time>
      </Text>
      <Text c="dimmed">{event.venueName}</Text>
    </Stack>
  );
}
