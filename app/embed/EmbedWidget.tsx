import type { MouseEvent } from "react";
import { bookingBlocker } from "#app/events/booking-blocker.ts";
import { TicketTypeList } from "#app/events/TicketTypeList.tsx";
import { Button, ButtonAnchor } from "#app/ui/Button.tsx";
import { Group, Stack } from "#app/ui/layout.tsx";
import { Anchor, Text, Title } from "#app/ui/text.tsx";
import { bookingPopup } from "#contract/embed.ts";
import type { EventPage } from "#contract/event-page.ts";
import { formatEventTime } from "#contract/event-time.ts";
import { holdPath } from "#contract/paths.ts";

/**
 * Opens the booking in a pop-up window beside the host page: payment providers refuse to
 * run inside frames. Where the browser refuses pop-ups, the link opens a new tab instead.
 */
function openBookingPopup(event: MouseEvent<HTMLAnchorElement>) {
  const popup = window.open(event.currentTarget.href, bookingPopup.name, bookingPopup.features);
  if (!popup) return;
  event.preventDefault();
  // The booking owes the host page nothing: no way back into it from our window.
  popup.opener = null;
  popup.focus();
}

/**
 * An event's ticket widget (decision 040): what it is, its ticket types with their all-in
 * prices and what is left, and the way to book, in a frame on the organiser's own site.
 * Its links are our site's (relative to the frame's own address) and leave the frame.
 */
export function EmbedWidget({ event }: { event: EventPage }) {
  const blocker =
    event.status === "cancelled"
      ? "This event has been cancelled."
      : bookingBlocker(event, event.ticketTypes, "on the event's page");
  // A sale behind a waiting room starts on the event's page, where the room's way in is.
  const bookingUrl = event.waitingRoom ? event.path : holdPath(event.shortId);
  return (
    <Stack gap="sm" component="section" aria-labelledby="widget-title">
      <Stack gap={2}>
        <Title order={1} size="h3" id="widget-title">
          {event.title}
        </Title>
        <Text size="sm">
          <time dateTime={event.startsAt}>
            {formatEventTime(event.startsAt, event.timeZone, { withZone: true })}
          </time>
          {" · "}
          {event.venueName}
        </Text>
      </Stack>
      <TicketTypeList tickets={event.ticketTypes} timeZone={event.timeZone} tax={event.tax} />
      <Group gap="sm">
        {blocker ? (
          <Button disabled aria-describedby="widget-blocked">
            Get tickets
          </Button>
        ) : (
          <ButtonAnchor href={bookingUrl} target="_blank" rel="noopener" onClick={openBookingPopup}>
            Get tickets
          </ButtonAnchor>
        )}
        <Text size="sm" component="div">
          <Anchor href={event.path} target="_blank" rel="noopener">
            More about this event
          </Anchor>
        </Text>
      </Group>
      {blocker ? (
        <Text size="sm" id="widget-blocked">
          {blocker}
        </Text>
      ) : null}
      <Text size="sm" c="dimmed">
        Booking opens in a new window.
      </Text>
    </Stack>
  );
}
