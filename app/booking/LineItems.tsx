import { Group, Stack, Text } from "@mantine/core";
import { formatPrice } from "#app/events/format.ts";

type LineItem = {
  ticketTypeId: string;
  name: string;
  quantity: number;
  unitPriceMinor: number;
  currency: string;
};

/** A line after the tickets: the booking fee, tax added on top. */
export type ExtraLine = { label: string; totalMinor: number };

/**
 * One line per ticket type, then the booking fee and added tax when there are any, and
 * the total: as a hold, its checkout and a booking all show them.
 */
export function LineItems({
  items,
  extras = [],
  totalMinor,
  currency,
}: {
  items: readonly LineItem[];
  extras?: readonly ExtraLine[];
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
        {currency
          ? extras.map((line) => (
              <Group key={line.label} component="li" justify="space-between" wrap="nowrap">
                <Text>{line.label}</Text>
                <Text>{formatPrice(line.totalMinor, currency)}</Text>
              </Group>
            ))
          : null}
      </Stack>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700}>Total</Text>
        <Text fw={700}>{currency ? formatPrice(totalMinor, currency) : "Free"}</Text>
      </Group>
    </Stack>
  );
}

/** The booking fee and added tax of a booking, the lines that are not zero. */
export function feeAndTaxLines(money: { feesMinor: number; taxMinor: number }): ExtraLine[] {
  return [
    ...(money.feesMinor > 0 ? [{ label: "Booking fee", totalMinor: money.feesMinor }] : []),
    ...(money.taxMinor > 0 ? [{ label: "Tax", totalMinor: money.taxMinor }] : []),
  ];
}
