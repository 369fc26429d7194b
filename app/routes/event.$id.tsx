import type { ReactNode } from "react";
import { redirect, useLoaderData } from "react-router";
import { bookingBlocker } from "#app/events/booking-blocker.ts";
import { CodeEntry } from "#app/events/CodeEntry.tsx";
import { bookingPathWithCode, ticketsWithCode } from "#app/events/code-tickets.ts";
import { EventDescription } from "#app/events/EventDescription.tsx";
import { SeriesDateList } from "#app/events/SeriesDateList.tsx";
import { ShareButton } from "#app/events/ShareButton.tsx";
import { TicketTypeList } from "#app/events/TicketTypeList.tsx";
import { useEventCode } from "#app/events/use-event-code.ts";
import { useLiveRevalidation } from "#app/events/use-live-revalidation.ts";
import { useWaitingRoomBooking } from "#app/events/WaitingRoomBooking.tsx";
import { YourPartOfEvent } from "#app/events/YourPartOfEvent.tsx";
import { isFunctionError } from "#app/forms/form-failure.ts";
import { foundOr404 } from "#app/loaders/found-or-404.server.ts";
import { type ServerContext, serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import { Button, ButtonAnchor, ButtonLink } from "#app/ui/Button.tsx";
import { Container, Group, Stack } from "#app/ui/layout.tsx";
import type { Style } from "#app/ui/mantine-values.ts";
import { Alert } from "#app/ui/notices.tsx";
import { AnchorLink, Text, Title } from "#app/ui/text.tsx";
import { runWaitingListIntent } from "#app/waiting-list/join-actions.server.ts";
import { WaitingListPart } from "#app/waiting-list/WaitingListPart.tsx";
import { pageTitle } from "#contract/brand.ts";
import { descriptionAsPlainText } from "#contract/description-markup.ts";
import { formatEventEnd, formatEventTime } from "#contract/event-time.ts";
import type { Route } from "./+types/event.$id";

/**
 * The event as anyone sees it; in a shared render (decision 032) a draft, which only its
 * owner may see, is asked for again as the person, and that page is theirs alone.
 */
async function eventFor(server: ServerContext, id: string) {
  try {
    return await server.invoke("events.get", { id });
  } catch (error) {
    if (!server.shared || !isFunctionError(error) || error.status !== "NOT_FOUND") throw error;
    const person = await server.personal();
    if (!person) throw error;
    return person.invoke("events.get", { id });
  }
}

/**
 * An event's public page, `/{slug}-{shortId}`. Unknown ids, drafts (but for their
 * owner) and events of suspended businesses are the seed's 404 page; any other spelling
 * of a known event's URL (the bare short id, an old slug) redirects to the current one.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const event = await foundOr404(eventFor(server, params.id));
  const url = new URL(request.url);
  // Compared on the route's parameter: a client-side navigation's data request has its
  // own path (`….data`), which must not count as another spelling.
  if (`/${params.id}` !== event.path) {
    url.searchParams.delete("_routes");
    const query = url.searchParams.toString();
    throw redirect(`${event.path}${query ? `?${query}` : ""}`, 301);
  }
  // Absolute links for link previews: the configured address, not whatever Host this
  // request came through (a proxy's internal name would be useless in a shared card).
  const site = server.publicUrl;
  return {
    event,
    url: `${site}${event.path}`,
    imageUrl: event.cover ? `${site}${event.cover.large}` : null,
  };
}

/** The waiting list's forms (issue 29): a POST is never shared, so it is the person's. */
export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  requireSignedIn(server, request);
  return runWaitingListIntent(server, await request.formData());
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { event, url, imageUrl } = loaderData;
  const description =
    descriptionAsPlainText(event.description) || `${event.title} at ${event.venueName}`;
  return [
    { title: pageTitle(event.title) },
    { name: "description", content: description },
    { property: "og:title", content: event.title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: url },
    ...(imageUrl ? [{ property: "og:image", content: imageUrl }] : []),
    ...(event.status === "published" ? [] : [{ name: "robots", content: "noindex" }]),
  ];
}

type EventData = Route.ComponentProps["loaderData"]["event"];

/** The way to book: "Book tickets", or why not, beside the calendar and share buttons. */
function BookingActions({
  event,
  url,
  tickets,
  code,
}: {
  event: EventData;
  url: string;
  tickets: EventData["ticketTypes"];
  code: string | null;
}) {
  const blocker = bookingBlocker(event, tickets);
  return (
    <BookingRow
      event={event}
      url={url}
      button={
        blocker ? (
          <Button disabled aria-describedby="book-blocked">
            Book tickets
          </Button>
        ) : (
          <ButtonLink to={bookingPathWithCode(event.shortId, code)}>Book tickets</ButtonLink>
        )
      }
      note={
        blocker ? (
          <Text size="sm" id="book-blocked">
            {blocker}
          </Text>
        ) : null
      }
    />
  );
}

/** A sale with a waiting room: the way into the room, or the person's turn (issue 28). */
function WaitingRoomActions({
  event,
  url,
  saleStartsAt,
  code,
}: {
  event: EventData;
  url: string;
  saleStartsAt: string;
  code: string | null;
}) {
  const { button, note } = useWaitingRoomBooking({
    shortId: event.shortId,
    saleStartsAt,
    timeZone: event.timeZone,
    code,
  });
  return <BookingRow event={event} url={url} button={button} note={note} />;
}

function BookingRow({
  event,
  url,
  button,
  note,
}: {
  event: EventData;
  url: string;
  button: ReactNode;
  note: ReactNode;
}) {
  const cancelled = event.status === "cancelled";
  return (
    <Stack gap="xs">
      <Group gap="sm">
        {cancelled ? null : button}
        <ButtonAnchor variant="default" href={`${event.path}/calendar.ics`} download>
          Add to calendar
        </ButtonAnchor>
        <ShareButton url={url} title={event.title} />
      </Group>
      {cancelled ? null : note}
    </Stack>
  );
}

export default function Page() {
  const { event, url } = useLoaderData<typeof loader>();
  useLiveRevalidation(30);
  const codes = useEventCode(event.shortId);
  const { tickets, code } = ticketsWithCode(
    event.ticketTypes,
    codes.state.status === "applied" ? codes.state.answer : null,
  );
  const bookable = event.status !== "cancelled" && !event.ended && !event.preview;
  return (
    <Container size="md" py="responsive">
      <Stack gap="lg">
        {event.preview ? (
          <Alert color="yellow" title="Draft — only you can see this page">
            Publish it from <AnchorLink to="/business/events">your events</AnchorLink> to put it on
            sale.
          </Alert>
        ) : null}
        {event.status === "cancelled" ? (
          <Alert color="red" title="This event has been cancelled.">
            Tickets can no longer be booked. If you have tickets, the organiser will be in touch.
          </Alert>
        ) : null}
        {event.cover ? (
          <img
            className="m_9e117634 mantine-Image-root"
            src={event.cover.large}
            alt=""
            width={1600}
            height={900}
            style={
              {
                "--image-radius": "var(--mantine-radius-md)",
                aspectRatio: "16 / 9",
                height: "auto",
              } as Style
            }
          />
        ) : null}
        <Stack gap={4}>
          <Title order={1}>{event.title}</Title>
          <Text size="lg">
            <time dateTime={event.startsAt}>
              {formatEventTime(event.startsAt, event.timeZone, { withZone: true })}
            </time>{" "}
            to{" "}
            <time dateTime={event.endsAt}>
              {formatEventEnd(event.startsAt, event.endsAt, event.timeZone)}
            </time>{" "}
            <Text span c="dimmed" size="sm">
              ({event.timeZone.replace(/_/g, " ")})
            </Text>
          </Text>
          <Text>
            <strong>{event.venueName}</strong>
            {event.venueAddress ? `, ${event.venueAddress}` : ""}
          </Text>
          <Text size="sm" c="dimmed">
            By {event.businessName}
          </Text>
        </Stack>
        {event.waitingRoom && !bookingBlocker(event) ? (
          <WaitingRoomActions
            event={event}
            url={url}
            saleStartsAt={event.waitingRoom.saleStartsAt}
            code={code?.code ?? null}
          />
        ) : (
          <BookingActions event={event} url={url} tickets={tickets} code={code?.code ?? null} />
        )}
        <YourPartOfEvent shortId={event.shortId} />
        {event.series && event.series.length > 1 ? (
          <Stack gap="sm" component="section" aria-labelledby="dates-heading">
            <Title order={2} size="h3" id="dates-heading">
              Dates
            </Title>
            <SeriesDateList
              dates={event.series}
              currentId={event.shortId}
              timeZone={event.timeZone}
            />
          </Stack>
        ) : null}
        <Stack gap="sm" component="section" aria-labelledby="tickets-heading">
          <Title order={2} size="h3" id="tickets-heading">
            Tickets
          </Title>
          {bookable ? (
            <CodeEntry state={codes.state} onApply={codes.apply} onRemove={codes.remove} />
          ) : null}
          <TicketTypeList
            tickets={tickets}
            code={code}
            timeZone={event.timeZone}
            tax={event.tax}
            below={(ticket) => (
              <WaitingListPart
                shortId={event.shortId}
                eventPath={event.path}
                ticket={ticket}
                timeZone={event.timeZone}
              />
            )}
          />
        </Stack>
        {event.description ? (
          <Stack gap="sm" component="section" aria-labelledby="about-heading">
            <Title order={2} size="h3" id="about-heading">
              About this event
            </Title>
            <EventDescription text={event.description} />
          </Stack>
        ) : null}
      </Stack>
    </Container>
  );
}
