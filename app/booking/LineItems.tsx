import { Group, Stack, Text } from "@mantine/core";
import { formatPrice } from "#app/events/format.ts";

type LineItem = {
  ticketTypeId: string;
  name: string;
  quantity: number;
  unitPriceMinor: number;
  currency: string;
};

/** One line per ticket type and the total, as a hold and a booking both show them. */
export function LineItems({
  items,
  totalMinor,
  currency,
}: {
  items: readonly LineItem[];
  totalMinor: number;
  /** Null when nothing is priced (the total reads "Free"). */
  currency: string | null;
}) {
  return (
    <Stack gap={4}>
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {items.map((item) => (
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
        <Text fw={700}>{currency ? formatPrice(totalMinor, currency) : "Free"}</Text>
      </Group>
    </Stack>
  );
}
