import { Badge, Card, Group, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { formatPrice } from "#app/events/format.ts";
import { formatEventTime } from "#contract/event-time.ts";
import { type OrderListItem, orderStateLabels } from "#contract/order-view.ts";
import { orderPath } from "#contract/paths.ts";
import { orderStateColors } from "./order-labels.ts";

/** The orders as cards, one under the other: readable on a phone, each opening its order. */
export function OrderList({
  eventId,
  timeZone,
  items,
}: {
  eventId: string;
  timeZone: string;
  items: OrderListItem[];
}) {
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {items.map((order) => (
        <Card key={order.id} component="li" withBorder radius="md" padding="sm" data-testid="order">
          <Stack gap={4}>
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <Text fw={700} component={Link} to={orderPath(eventId, order.id)} td="underline">
                {order.reference}
              </Text>
              <Badge color={orderStateColors[order.state]} variant="light">
                {orderStateLabels[order.state]}
              </Badge>
            </Group>
            <Text>{order.buyer.name}</Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {[order.buyer.email, order.buyer.phone].filter(Boolean).join(" · ")}
            </Text>
            <Text size="sm">
              {order.ticketCount} ticket{order.ticketCount === 1 ? "" : "s"} ·{" "}
              {formatPrice(order.totalMinor, order.currency)} · booked{" "}
              {formatEventTime(order.createdAt, timeZone, { weekday: false })}
            </Text>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
