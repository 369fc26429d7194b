import { Anchor, Stack, Text, VisuallyHidden } from "@mantine/core";
import { Link } from "react-router";
import { formatEventTime } from "#contract/event-time.ts";

export type NotificationItem = {
  id: string;
  title: string;
  createdAt: string;
  read: boolean;
  /** The zone of the event it is about; null when about none. */
  timeZone: string | null;
};

/**
 * The user's notifications, newest first; unread ones in bold; the open one marked. Each
 * time reads in its event's zone, or in `timeZone` when it is about no event.
 */
export function NotificationList({
  items,
  currentId,
  timeZone,
}: {
  items: NotificationItem[];
  currentId: string | null;
  timeZone: string;
}) {
  return (
    <Stack component="ol" gap={6} p={0} m={0} style={{ listStyle: "none" }}>
      {items.map((item) => (
        <li key={item.id}>
          <Anchor
            component={Link}
            to={`/notification/${item.id}`}
            aria-current={item.id === currentId ? "page" : undefined}
            fw={item.read ? 400 : 700}
            underline={item.id === currentId ? "always" : "hover"}
          >
            {item.title}
            {item.read ? null : <VisuallyHidden> (unread)</VisuallyHidden>}
          </Anchor>
          <Text size="xs" c="dimmed">
            {formatEventTime(item.createdAt, item.timeZone ?? timeZone, { withZone: true })}
          </Text>
        </li>
      ))}
    </Stack>
  );
}
