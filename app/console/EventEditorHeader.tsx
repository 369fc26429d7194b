import { Anchor, Group, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import type { EventStatus } from "#contract/event-options.ts";
import { formatEventTime } from "#contract/event-time.ts";
import { codesPath, ordersPath, questionsPath } from "#contract/paths.ts";
import { waitingListPath } from "#contract/waiting-list.ts";
import { EventStatusBadge } from "./EventStatusBadge.tsx";

type Props = {
  event: {
    id: string;
    status: EventStatus;
    path: string;
    timeZone: string;
    startsAt: string;
    endsAt: string;
    cancelledAt: string | null;
  };
  created: boolean;
};

/** Where the event stands: status, start, its public page once published, cancellation. */
export function EventEditorHeader({ event, created }: Props) {
  return (
    <Stack gap="xs">
      <Anchor component={Link} to="/business/events">
        ← Your events
      </Anchor>
      {created ? (
        <FormMessage kind="notice">
          Your event is saved as a draft. Add ticket types, then publish it.
        </FormMessage>
      ) : null}
      <Group gap="sm">
        <EventStatusBadge status={event.status} endsAt={event.endsAt} />
        <Text>{formatEventTime(event.startsAt, event.timeZone, { withZone: true })}</Text>
      </Group>
      {event.status === "published" ? (
        <Anchor component={Link} to={event.path}>
          Open the public page ({event.path})
        </Anchor>
      ) : null}
      <Anchor component={Link} to="revenue" relative="path">
        Revenue: gross, fees, refunds, net
      </Anchor>
      {event.status !== "draft" ? (
        <Anchor component={Link} to={ordersPath(event.id)}>
          Orders and attendees
        </Anchor>
      ) : null}
      {event.status !== "draft" ? (
        <Anchor component={Link} to={waitingListPath(event.id)}>
          Waiting list
        </Anchor>
      ) : null}
      {event.status !== "cancelled" ? (
        <Anchor component={Link} to={codesPath(event.id)}>
          Promo and access codes
        </Anchor>
      ) : null}
      {event.status !== "cancelled" ? (
        <Anchor component={Link} to={questionsPath(event.id)}>
          Questions at checkout
        </Anchor>
      ) : null}
      {event.status === "cancelled" ? (
        <FormMessage kind="error" title="Cancelled">
          This event was cancelled
          {event.cancelledAt ? ` on ${formatEventTime(event.cancelledAt, event.timeZone)}` : ""}.
          Cancelling is final: it can no longer change.
        </FormMessage>
      ) : null}
    </Stack>
  );
}
