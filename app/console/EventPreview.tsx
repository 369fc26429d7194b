import { Card, Group, Image, Stack, Text, Title } from "@mantine/core";
import { EventDescription } from "#app/events/EventDescription.tsx";
import { formatPrice } from "#app/events/format.ts";
import { formatEventEnd, formatEventTime } from "#contract/event-time.ts";
import type { ConsoleTicketType } from "./TicketTypeCard.tsx";

type Props = {
  event: {
    title: string;
    description: string;
    venueName: string;
    venueAddress: string;
    timeZone: string;
    startsAt: string;
    endsAt: string;
    cover: { large: string } | null;
  };
  ticketTypes: ConsoleTicketType[];
};

/** A draft as visitors will see it once published (the public page does not show drafts). */
export function EventPreview({ event, ticketTypes }: Props) {
  return (
    <Card withBorder radius="md" padding="md">
      <Card.Section>
        {event.cover ? (
          <Image src={event.cover.large} alt="" style={{ aspectRatio: "16 / 9" }} />
        ) : null}
      </Card.Section>
      <Stack gap="xs" pt="md">
        <Title order={3}>{event.title}</Title>
        <Text fw={500}>
          {formatEventTime(event.startsAt, event.timeZone, { withZone: true })} –{" "}
          {formatEventEnd(event.startsAt, event.endsAt, event.timeZone)}
        </Text>
        <Text c="dimmed">
          {event.venueName}
          {event.venueAddress ? `, ${event.venueAddress}` : ""}
        </Text>
        <EventDescription text={event.description} />
        {/* Visitors see hidden types only with their code (decision 036). */}
        {ticketTypes
          .filter((type) => !type.hidden)
          .map((type) => (
            <Group key={type.id} justify="space-between">
              <Text>{type.name}</Text>
              <Text fw={600}>{formatPrice(type.priceMinor, type.currency)}</Text>
            </Group>
          ))}
      </Stack>
    </Card>
  );
}
