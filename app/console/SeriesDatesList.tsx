import { Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { remainingText, shownDates } from "#app/series/series-text.ts";
import type { SeriesDate } from "#contract/event-series.ts";
import { formatEventTime } from "#contract/event-time.ts";
import { EventStatusBadge } from "./EventStatusBadge.tsx";

/** Dates shown before "Show all" (from the next one): a weekly series of a year is 52 rows. */
const FIRST_DATES = 10;

/**
 * The dates of a series on the organiser's event page: one compact row each (time in the
 * event's zone, status, tickets left), a link to its own page, this one marked.
 */
export function SeriesDatesList({
  dates,
  currentId,
  timeZone,
}: {
  dates: SeriesDate[];
  currentId: string;
  timeZone: string;
}) {
  const [all, setAll] = useState(false);
  // Read once: a date that ends while the page is open does not move the list under the reader.
  const [now] = useState(() => Date.now());
  const { shown, hidden } = shownDates(dates, currentId, FIRST_DATES, all, now);
  return (
    <Stack gap="xs">
      <Stack
        component="ul"
        gap={0}
        p={0}
        m={0}
        style={{ listStyle: "none" }}
        aria-label="Dates of the series"
      >
        {shown.map((date) => {
          const current = date.eventId === currentId;
          return (
            <Group
              key={date.eventId}
              component="li"
              justify="space-between"
              gap="xs"
              wrap="nowrap"
              py={6}
              style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
            >
              <Stack gap={0} miw={0}>
                <Anchor
                  component={Link}
                  to={`/business/events/${date.eventId}`}
                  aria-current={current ? "page" : undefined}
                  fw={current ? 700 : 500}
                  size="sm"
                >
                  <time dateTime={date.startsAt}>{formatEventTime(date.startsAt, timeZone)}</time>
                </Anchor>
                {current ? (
                  <Text size="xs" c="dimmed">
                    This date
                  </Text>
                ) : null}
              </Stack>
              <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                <EventStatusBadge status={date.status} endsAt={date.endsAt} />
                <Text size="sm" miw="3.75rem" ta="right">
                  {remainingText(date)}
                </Text>
              </Group>
            </Group>
          );
        })}
      </Stack>
      {hidden > 0 ? (
        <Group>
          <Button variant="default" size="compact-md" onClick={() => setAll(true)}>
            {`Show all ${dates.length} dates`}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
