import { Anchor, Group, Paper, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { formatPrice } from "#app/events/format.ts";
import type { BookingSummary } from "#contract/booking-view.ts";
import { formatEventTime } from "#contract/event-time.ts";
import { bookingPath, eventTicketsPath, receiptPath } from "#contract/paths.ts";
import { hasReceipt } from "#contract/receipt-rule.ts";
import { bookingStatusLabels } from "./booking-labels.ts";
import { CancelBookingDialog } from "./CancelBookingDialog.tsx";
import { ResendConfirmation } from "./ResendConfirmation.tsx";
import { StatusBadge } from "./StatusBadge.tsx";

/** Worth offering: on, and the event not started (the dialog's quote tells the policy). */
function cancellable(booking: BookingSummary): boolean {
  return (
    booking.event.status !== "cancelled" && new Date(booking.event.startsAt).getTime() > Date.now()
  );
}

function OrderRow({ booking }: { booking: BookingSummary }) {
  const tickets = `${booking.ticketCount} ticket${booking.ticketCount === 1 ? "" : "s"}`;
  return (
    <Paper component="li" withBorder p="sm">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600}>
            <Anchor component={Link} to={bookingPath(booking.reference)} inherit>
              {booking.event.title}
            </Anchor>
          </Text>
          <StatusBadge status={bookingStatusLabels[booking.status]} />
        </Group>
        <Text size="sm">
          <time dateTime={booking.event.startsAt}>
            {formatEventTime(booking.event.startsAt, booking.event.timeZone)}
          </time>{" "}
          · {booking.event.venueName}
        </Text>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" ff="monospace">
            {booking.reference}
          </Text>
          <Text size="sm">
            {tickets} · {formatPrice(booking.totalMinor, booking.currency)}
          </Text>
        </Group>
        {booking.status === "confirmed" ? (
          <Group justify="space-between" align="center">
            <Anchor component={Link} to={eventTicketsPath(booking.event.id)} size="sm">
              QR codes of your tickets
            </Anchor>
            {cancellable(booking) ? <CancelBookingDialog reference={booking.reference} /> : null}
          </Group>
        ) : null}
        {hasReceipt(booking) ? (
          <Anchor component={Link} to={receiptPath(booking.reference)} size="sm">
            Receipt
          </Anchor>
        ) : null}
        {booking.status === "confirmed" ? <ResendConfirmation bookingId={booking.id} /> : null}
      </Stack>
    </Paper>
  );
}

/** The user's bookings, newest first; each opens the booking's own page. */
export function OrderList({ bookings }: { bookings: BookingSummary[] }) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
      {bookings.map((booking) => (
        <OrderRow key={booking.id} booking={booking} />
      ))}
    </Stack>
  );
}
