import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { callable } from "#app/callable/callable.ts";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { type LiveMessage, useLiveMessages } from "#app/realtime/live-stream.ts";
import type { AlertView } from "#contract/alert-view.ts";
import { alertKindLabels, alertLiveKinds, alertTime } from "./alert-labels.ts";
import { playAlertChime } from "./alert-sound.ts";

/** Newest first, each alert once (the same alert may come on several team topics). */
function merged(list: AlertView[], incoming: AlertView): AlertView[] {
  if (list.some((a) => a.id === incoming.id)) return list;
  return [incoming, ...list];
}

/** The page title with the unread count in front, e.g. "(2) Message alerts | …". */
function useTitleBadge(unread: number): void {
  const base = useRef<string | null>(null);
  useEffect(() => {
    base.current ??= document.title;
    document.title = unread > 0 ? `(${unread}) ${base.current}` : base.current;
  }, [unread]);
  useEffect(
    () => () => {
      if (base.current) document.title = base.current;
    },
    [],
  );
}

function AlertCard({
  alert,
  onAcknowledge,
}: {
  alert: AlertView;
  onAcknowledge: (id: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const unread = !alert.acknowledged;
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      padding="md"
      data-testid="alert"
      data-unread={unread ? "true" : "false"}
      aria-labelledby={`alert-${alert.id}`}
      style={
        unread
          ? {
              borderLeft: `4px solid var(--mantine-color-${alert.urgency === "urgent" ? "red" : "blue"}-7)`,
              background: "light-dark(var(--mantine-color-blue-0), var(--mantine-color-dark-6))",
            }
          : undefined
      }
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Badge variant="light" color={alert.urgency === "urgent" ? "red" : "blue"}>
              {alert.urgency === "urgent" ? "Urgent" : alertKindLabels[alert.kind]}
            </Badge>
            {unread ? <Badge variant="filled">New</Badge> : null}
          </Group>
          <Text
            size="sm"
            c="dimmed"
            component="time"
            dateTime={alert.createdAt}
            suppressHydrationWarning
          >
            {alertTime(alert.createdAt)}
          </Text>
        </Group>
        <Title order={2} size="h4" id={`alert-${alert.id}`} fw={unread ? 700 : 500}>
          {alert.subject}
        </Title>
        {alert.urgency === "urgent" ? (
          <Text size="sm" c="dimmed">
            {alertKindLabels[alert.kind]}
          </Text>
        ) : null}
        <Text style={{ whiteSpace: "pre-wrap" }}>{alert.body}</Text>
        {unread ? (
          <Group>
            <Button
              size="sm"
              variant="light"
              loading={busy}
              onClick={() => {
                setBusy(true);
                callable("alerts.acknowledge")({ alertId: alert.id }, { authenticated: true })
                  .then(() => onAcknowledge(alert.id))
                  .finally(() => setBusy(false));
              }}
            >
              Acknowledge
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Acknowledged
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The member's alerts across their teams: new ones arrive on the live stream with a chime
 * and the unread count in the tab's title; an acknowledgement on another device shows here.
 */
export function AlertFeed({
  initial,
  nextCursor: firstCursor,
}: {
  initial: AlertView[];
  nextCursor: string | null;
}) {
  const [items, setItems] = useState(initial);
  const [cursor, setCursor] = useState(firstCursor);
  const [arrived, setArrived] = useState<AlertView | null>(null);
  const acknowledge = (id: string) =>
    setItems((list) => list.map((a) => (a.id === id ? { ...a, acknowledged: true } : a)));
  useLiveMessages(alertLiveKinds, (message: LiveMessage) => {
    if (message.kind === "alert") {
      const alert = message.payload as AlertView;
      setItems((list) => merged(list, alert));
      setArrived(alert);
      playAlertChime(alert.urgency === "urgent");
    } else {
      acknowledge((message.payload as { alertId: string }).alertId);
    }
  });
  const unread = items.filter((a) => !a.acknowledged).length;
  useTitleBadge(unread);
  // The newest arrival is news only until it is acknowledged (here or on another device).
  const news =
    arrived && items.some((a) => a.id === arrived.id && !a.acknowledged) ? arrived : null;

  return (
    <Stack gap="sm">
      <Text data-testid="alert-unread" aria-live="polite">
        {unread === 0 ? "No unread alerts." : `${unread} unread`}
        {news ? ` — new: ${news.subject}` : ""}
      </Text>
      {items.length === 0 ? (
        <FormMessage kind="notice">
          No alerts yet. Messages from the organiser and alerts about your events appear here as
          they happen.
        </FormMessage>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {items.map((alert) => (
            <AlertCard key={alert.id} alert={alert} onAcknowledge={acknowledge} />
          ))}
        </Stack>
      )}
      {cursor ? (
        <Button
          variant="default"
          onClick={() =>
            callable("alerts.list")({ cursor }, { authenticated: true }).then((page) => {
              setItems((list) => [
                ...list,
                ...page.items.filter((a) => !list.some((b) => b.id === a.id)),
              ]);
              setCursor(page.nextCursor);
            })
          }
        >
          Show older alerts
        </Button>
      ) : null}
    </Stack>
  );
}
