import { Card, SimpleGrid, Stack, Text } from "@mantine/core";
import type { RevenueTotal } from "#contract/revenue-view.ts";
import { moneyText } from "./money-text.ts";

const cards = [
  { key: "grossMinor", label: "Gross", note: "Card payments taken" },
  { key: "feesMinor", label: "Fees", note: "Booking fees, less refunded ones" },
  { key: "refundsMinor", label: "Refunds", note: "Sent back or on the way" },
  { key: "netMinor", label: "Net", note: "What you keep" },
] as const;

/** The four figures of one currency as cards, two across on a phone, then a line of counts. */
export function RevenueCards({ total }: { total: RevenueTotal }) {
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {cards.map((card) => (
          <Card
            key={card.key}
            withBorder
            radius="md"
            padding="sm"
            data-testid={`revenue-${card.label.toLowerCase()}`}
          >
            <Text size="sm" c="dimmed">
              {card.label}
            </Text>
            <Text fw={700} fz="xl">
              {moneyText(total[card.key], total.currency)}
            </Text>
            <Text size="xs" c="dimmed">
              {card.note}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Text size="sm">
        {total.ticketsSold} tickets sold · {total.ticketsRefunded} refunded
        {total.venueDueMinor > 0
          ? ` · ${moneyText(total.venueDueMinor, total.currency)} still to be paid at the venue`
          : ""}
      </Text>
    </Stack>
  );
}
