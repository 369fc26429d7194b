import { Group, Stack, Text } from "@mantine/core";
import { formatPrice } from "~/events/format";
import type { HoldView } from "../../server/modules/inventory/hold-view.ts";

/** What the hold keeps: one line per ticket type, and the total. */
export function HoldSummary({ hold }: { hold: HoldView }) {
  return (
    <Stack gap={4}>
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {hold.items.map((item) => (
          <Group key={item.ticketTypeId} component="li" justify="space-between" wrap="nowrap">
            <Text>
              {item.quantity} × {item.name}
            </Text>
            <Text>{formatPrice(item.quantity * item.unitPriceMinor, item.currency)}</Text>
          </Group>
        ))}
      </Stack>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700}>Total</Text>
        <Text fw={700}>
          {hold.currency ? formatPrice(hold.totalMinor, hold.currency) : formatPrice(0, "GBP")}
        </Text>
      </Group>
    </Stack>
  );
}
