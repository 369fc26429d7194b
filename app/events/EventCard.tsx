import { Anchor, Card, Group, Image, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import type { EventCard as EventCardData } from "../../server/modules/events/event-discovery.service.ts";
import { eventCategories } from "../../server/modules/events/event-options.ts";
import { AvailabilityBadge } from "./AvailabilityBadge";
import { formatEventTime, formatPrice } from "./format";

const categoryLabel = new Map<string, string>(eventCategories.map((c) => [c.id, c.label]));

/** The price line of a card: "From £18.00", "Free", or nothing when no tickets exist. */
export function priceLine(
  event: Pick<EventCardData, "lowestPriceMinor" | "currency">,
): string | null {
  if (event.lowestPriceMinor === null || event.currency === null) return null;
  if (event.lowestPriceMinor === 0) return "Free";
  return `From ${formatPrice(event.lowestPriceMinor, event.currency)}`;
}

/**
 * One event in the discovery list. The title is the card's link; the first row's
 * images load at once, the rest when scrolled to.
 */
export function EventCard({ event, eager }: { event: EventCardData; eager: boolean }) {
  const price = priceLine(event);
  return (
    <Card withBorder padding="md" component="article" h="100%">
      <Card.Section>
        {event.coverImage ? (
          <Image
            src={event.coverImage}
            alt=""
            width={640}
            height={360}
            h="auto"
            loading={eager ? "eager" : "lazy"}
            style={{ aspectRatio: "16 / 9" }}
          />
        ) : (
          <div
            aria-hidden="true"
            style={{ aspectRatio: "16 / 9", background: "var(--mantine-color-default-hover)" }}
          />
        )}
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {categoryLabel.get(event.category) ?? event.category}
        </Text>
        <Anchor component={Link} to={event.path} underline="hover" c="bright" fw={700} fz="lg">
          {event.title}
        </Anchor>
        <Text size="sm">
          <time dateTime={event.startsAt}>{formatEventTime(event.startsAt, event.timeZone)}</time>
        </Text>
        <Text size="sm" c="dimmed">
          {event.venueName}
        </Text>
        <Group gap="xs" mt={4}>
          {price ? (
            <Text size="sm" fw={600}>
              {price}
            </Text>
          ) : null}
          <AvailabilityBadge availability={event.availability} />
        </Group>
      </Stack>
    </Card>
  );
}
