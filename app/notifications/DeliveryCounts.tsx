import { Group, Text } from "@mantine/core";
import type { DeliveryCounts as Counts } from "#contract/delivery-counts.ts";
import { deliveryLines } from "./delivery-text.ts";

/**
 * How far one message to many got, by channel (attendee messages, an event's notices),
 * so an organiser sees how many were not reached by email or SMS.
 */
export function DeliveryCounts({ delivery }: { delivery: Counts }) {
  return (
    <dl style={{ margin: 0 }} data-testid="delivery-counts">
      {deliveryLines(delivery).map((line) => (
        <Group key={line.label} gap={6} wrap="nowrap" align="baseline">
          <Text component="dt" size="sm" fw={600} style={{ minWidth: "4.5em" }}>
            {line.label}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {line.text}
          </Text>
        </Group>
      ))}
    </dl>
  );
}
