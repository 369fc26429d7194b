import { Anchor, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { AnswerList } from "#app/components/AnswerList.tsx";
import type { BookingView } from "#contract/booking-view.ts";
import { ticketPath } from "#contract/paths.ts";
import { bookingStatusLabels, paymentLabel, ticketStatusLabels } from "./booking-labels.ts";
import { EventHeader } from "./EventHeader.tsx";
import { codeLines, feeAndTaxLines, LineItems } from "./LineItems.tsx";
import { StatusBadge } from "./StatusBadge.tsx";

function Lines({ booking }: { booking: BookingView }) {
  return (
    <Stack gap={4}>
      <LineItems
        items={booking.items}
        extras={[...codeLines(booking.code, booking.items), ...feeAndTaxLines(booking)]}
        totalMinor={booking.totalMinor}
        currency={booking.currency}
      />
      <Text size="sm" data-payment>
        {paymentLabel(booking)}
      </Text>
    </Stack>
  );
}

function Tickets({ booking }: { booking: BookingView }) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
      {booking.tickets.map((ticket, index) => (
        <Paper key={ticket.id ?? index} component="li" withBorder p="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <Text fw={600}>
                {ticket.id ? (
                  <Anchor component={Link} to={ticketPath(ticket.id)} inherit>
                    {ticket.attendeeName}
                  </Anchor>
                ) : (
                  ticket.attendeeName
                )}
              </Text>
              <Text size="sm" c="dimmed">
                {ticket.ticketTypeName}
              </Text>
              {ticket.id ? (
                <AnswerList
                  answers={booking.answers.filter((a) => a.ticketId === ticket.id)}
                  label={`Answers of ${ticket.attendeeName}`}
                />
              ) : null}
            </Stack>
            <StatusBadge status={ticketStatusLabels[ticket.status]} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** A booking as its owner or a visitor with its contact sees it. */
export function BookingDetails({ booking }: { booking: BookingView }) {
  const orderAnswers = booking.answers.filter((answer) => answer.ticketId === null);
  return (
    <Stack gap="lg">
      <EventHeader event={booking.event} href={`/${booking.event.shortId}`} />
      <Group gap="sm" align="center">
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            Booking reference
          </Text>
          <Text size="xl" fw={700} ff="monospace" data-reference>
            {booking.reference}
          </Text>
        </Stack>
        <StatusBadge status={bookingStatusLabels[booking.status]} />
      </Group>
      {booking.event.status === "cancelled" ? (
        <Text c="red.8" fw={600}>
          The organiser cancelled this event.
        </Text>
      ) : null}
      <Stack gap="sm" component="section" aria-labelledby="lines-heading">
        <Title order={2} size="h4" id="lines-heading">
          What you booked
        </Title>
        <Lines booking={booking} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="tickets-heading">
        <Title order={2} size="h4" id="tickets-heading">
          Tickets
        </Title>
        <Tickets booking={booking} />
      </Stack>
      {orderAnswers.length > 0 ? (
        <Stack gap="sm" component="section" aria-labelledby="answers-heading">
          <Title order={2} size="h4" id="answers-heading">
            Your answers
          </Title>
          <AnswerList answers={orderAnswers} label="Answers for the order" />
        </Stack>
      ) : null}
    </Stack>
  );
}
