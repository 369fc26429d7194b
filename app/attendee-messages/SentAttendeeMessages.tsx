import { Badge, Card, Group, Progress, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { alertTime } from "#app/alerts/alert-labels.ts";
import { DeliveryCounts as DeliveryList } from "#app/notifications/DeliveryCounts.tsx";
import { useLiveMessages } from "#app/realtime/live-stream.ts";
import {
  ATTENDEE_MESSAGE_PROGRESS,
  type AttendeeMessageProgress,
} from "#contract/attendee-message-options.ts";
import type { DeliveryCounts } from "#contract/delivery-counts.ts";
import { progressText } from "./attendee-message-text.ts";

export type SentMessage = {
  id: string;
  eventTitle: string;
  subject: string;
  status: "sending" | "sent";
  total: number;
  delivered: number;
  emails: number;
  sms: number;
  createdAt: string;
  delivery: DeliveryCounts;
};

/**
 * The business's attendee messages, newest first, with each one's progress: moved live by
 * the worker's `attendee-message-progress` messages on the owner's own topic, and the list
 * asked again every few seconds while one is sending (in case the stream missed a batch).
 */
export function SentAttendeeMessages({ items }: { items: SentMessage[] }) {
  const [live, setLive] = useState<Record<string, AttendeeMessageProgress>>({});
  const revalidator = useRevalidator();
  useLiveMessages([ATTENDEE_MESSAGE_PROGRESS], (message) => {
    const progress = message.payload as AttendeeMessageProgress;
    setLive((current) => ({ ...current, [progress.id]: progress }));
    if (progress.status === "sent") void revalidator.revalidate();
  });
  const shown = items.map((item) => {
    const update = live[item.id];
    return update && update.delivered > item.delivered
      ? {
          ...item,
          delivered: update.delivered,
          status: update.status,
          emails: update.emails,
          sms: update.sms,
        }
      : item;
  });
  const sending = shown.some((item) => item.status === "sending");
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => void revalidator.revalidate(), 4000);
    return () => clearInterval(timer);
  }, [sending, revalidator]);

  return (
    <Stack gap="sm" component="section" aria-labelledby="sent-messages-heading">
      <Title order={2} size="h3" id="sent-messages-heading">
        Sent messages
      </Title>
      {shown.length === 0 ? (
        <Text c="dimmed">No messages to attendees yet.</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {shown.map((item) => (
            <Card
              key={item.id}
              component="li"
              withBorder
              radius="md"
              padding="sm"
              data-testid="attendee-message"
            >
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Text fw={600}>{item.subject}</Text>
                <Badge variant="light" color={item.status === "sent" ? "green" : "blue"}>
                  {item.status === "sent" ? "Sent" : "Sending"}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed" suppressHydrationWarning>
                {alertTime(item.createdAt)} · {item.eventTitle}
              </Text>
              <Text size="sm" mt={4} data-testid="attendee-message-progress" aria-live="polite">
                {progressText(item.delivered, item.total)}
                {item.status === "sent"
                  ? ` · ${item.emails.toLocaleString("en")} by email · ${item.sms.toLocaleString("en")} by SMS`
                  : ""}
              </Text>
              {item.status === "sending" ? (
                <Progress
                  mt={6}
                  value={item.total ? (100 * item.delivered) / item.total : 0}
                  aria-label={`${item.subject}: ${progressText(item.delivered, item.total)}`}
                />
              ) : (
                // Once all are told: what became of the emails and SMS (retried, failed).
                <DeliveryList delivery={item.delivery} />
              )}
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
