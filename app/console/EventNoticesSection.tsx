import { Badge, Card, Group, Stack, Text } from "@mantine/core";
import { Suspense } from "react";
import { Await } from "react-router";
import { alertTime } from "#app/alerts/alert-labels.ts";
import { DeliveryCounts } from "#app/notifications/DeliveryCounts.tsx";
import type { EventNoticeView } from "#contract/delivery-counts.ts";

const kindLabels: Record<EventNoticeView["kind"], string> = {
  "event-changed": "Change",
  "event-cancelled": "Cancellation",
  "event-reminder": "Reminder",
};

/**
 * The event's notices to its people (moved, cancelled, reminders) with how many were
 * told in-app and sent, failed or pending by email and SMS. Streamed after the editor
 * (the counts read the outbox): a line says so while they load.
 */
export function EventNoticesSection({ notices }: { notices: Promise<EventNoticeView[]> }) {
  return (
    <Suspense fallback={<Text c="dimmed">Loading the notices…</Text>}>
      <Await
        resolve={notices}
        errorElement={<Text c="dimmed">The notices could not be loaded. Reload to try again.</Text>}
      >
        {(items) => <EventNoticeList items={items} />}
      </Await>
    </Suspense>
  );
}

function EventNoticeList({ items }: { items: EventNoticeView[] }) {
  if (items.length === 0) {
    return (
      <Text c="dimmed">
        No notices yet. When you move, relocate or cancel this event, every ticket holder is told,
        by every channel they have; how many were reached shows here.
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {items.map((notice) => (
        <Card
          key={notice.id}
          component="li"
          withBorder
          radius="md"
          padding="sm"
          data-testid="event-notice"
        >
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text fw={600}>{notice.title}</Text>
            <Badge variant="light" color={notice.status === "sent" ? "green" : "blue"}>
              {notice.status === "sent" ? "Sent" : "Sending"}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" mb={4} suppressHydrationWarning>
            {kindLabels[notice.kind]} · {alertTime(notice.createdAt)}
          </Text>
          <DeliveryCounts delivery={notice.delivery} />
        </Card>
      ))}
    </Stack>
  );
}
