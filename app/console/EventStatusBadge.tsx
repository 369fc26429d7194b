import { Badge } from "@mantine/core";
import type { EventStatus } from "#contract/event-options.ts";

const looks: Record<EventStatus, { label: string; color: string }> = {
  draft: { label: "Draft", color: "gray" },
  published: { label: "Published", color: "green" },
  cancelled: { label: "Cancelled", color: "red" },
};

/** An event's status as a badge; "Ended" once a published event is over. */
export function EventStatusBadge({ status, endsAt }: { status: EventStatus; endsAt?: string }) {
  const ended = status === "published" && endsAt && new Date(endsAt).getTime() < Date.now();
  const look = ended ? { label: "Ended", color: "blue" } : looks[status];
  return (
    <Badge color={look.color} variant="light" data-testid="event-status">
      {look.label}
    </Badge>
  );
}
