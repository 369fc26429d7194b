import { Group, Stack, Text } from "@mantine/core";
import { formatPrice } from "#app/events/format.ts";
import { moneyText } from "#contract/money-text.ts";

type LineItem = {
  ticketTypeId: string;
  name: string;
  quantity: number;
  /** What one ticket costs, after a code's discount. */
  unitPriceMinor: number;
  /** Taken off each ticket by the code, if any: the line shows the price before it. */
  discountMinor?: number;
  currency: string;
};

/** A line after the tickets: what a code took off (negative), the booking fee, tax added on top. */
export type ExtraLine = { label: string; totalMinor: number; kind?: "discount" };

/** A code's line: "Code EARLY20", minus what it took, in the colour of a saving. */
function DiscountLine({ line, currency }: { line: ExtraLine; currency: string }) {
  return (
    <Group component="li" justify="space-between" wrap="nowrap" data-line="discount">
      <Text c="var(--mantine-color-green-text)">{line.label}</Text>
      <Text c="var(--mantine-color-green-text)">{moneyText(line.totalMinor, currency)}</Text>
    </Group>
  );
}

/**
 * One line per ticket type (at its price before a code), what the code took off, then the
 * booking fee and added tax when there are any, and the total: as a hold, its checkout and
 * a booking all show them.
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
  // A code that made everything free still shows what it took, in the tickets' currency.
  const linesCurrency = currency ?? items[0]?.currency ?? null;
  return (
    <Stack gap={4}>
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {items.map((item) => (
          <Group key={item.ticketTypeId} component="li" justify="space-between" wrap="nowrap">
            <Text>
              {item.quantity} × {item.name}
            </Text>
            <Text>
              {formatPrice(
                item.quantity * (item.unitPriceMinor + (item.discountMinor ?? 0)),
                item.currency,
              )}
            </Text>
          </Group>
        ))}
        {linesCurrency
          ? extras.map((line) =>
              line.kind === "discount" ? (
                <DiscountLine key={line.label} line={line} currency={linesCurrency} />
              ) : (
                <Group key={line.label} component="li" justify="space-between" wrap="nowrap">
                  <Text>{line.label}</Text>
                  <Text>{formatPrice(line.totalMinor, linesCurrency)}</Text>
                </Group>
              ),
            )
          : null}
      </Stack>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700}>Total</Text>
        <Text fw={700}>{currency ? formatPrice(totalMinor, currency) : "Free"}</Text>
      </Group>
    </Stack>
  );
}

/**
 * What a hold's or a booking's code took off, as its own line ("Code EARLY20", negative);
 * none without a code or a discount.
 */
export function codeLines(
  code: string | null,
  items: readonly { quantity: number; discountMinor: number }[],
): ExtraLine[] {
  const taken = items.reduce((sum, item) => sum + item.quantity * item.discountMinor, 0);
  return code && taken > 0 ? [{ label: `Code ${code}`, totalMinor: -taken, kind: "discount" }] : [];
}

/** The booking fee and added tax of a booking, the lines that are not zero. */
export function feeAndTaxLines(money: { feesMinor: number; taxMinor: number }): ExtraLine[] {
  return [
    ...(money.feesMinor > 0 ? [{ label: "Booking fee", totalMinor: money.feesMinor }] : []),
    ...(money.taxMinor > 0 ? [{ label: "Tax", totalMinor: money.taxMinor }] : []),
  ];
}
