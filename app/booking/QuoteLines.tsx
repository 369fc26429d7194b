import { Text } from "@mantine/core";
import { formatPrice } from "#app/events/format.ts";
import type { CheckoutQuote } from "#contract/checkout-view.ts";
import { LineItems } from "./LineItems.tsx";

/**
 * What a hold costs as its checkout will charge it: a line per ticket type (at its price
 * before the code), what the code took off ("Code EARLY20"), the booking fee, tax added on top, the total, and the tax the prices already contain.
 */
export function QuoteLines({ quote }: { quote: CheckoutQuote }) {
  const currency = quote.currency ?? "EUR";
  const tickets = quote.lines.filter((line) => line.kind === "ticket");
  return (
    <>
      <LineItems
        items={tickets.map((line, index) => ({
          ticketTypeId: `${index}:${line.label}`,
          name: line.label,
          quantity: line.quantity,
          unitPriceMinor: line.unitMinor,
          currency,
        }))}
        extras={quote.lines
          .filter((line) => line.kind !== "ticket")
          .map((line) => ({
            label: line.label,
            totalMinor: line.totalMinor,
            ...(line.kind === "discount" ? { kind: "discount" as const } : {}),
          }))}
        totalMinor={quote.totalMinor}
        currency={quote.totalMinor > 0 ? quote.currency : null}
      />
      {quote.includedTaxMinor > 0 && quote.currency ? (
        <Text size="sm" c="dimmed">
          The ticket prices include {formatPrice(quote.includedTaxMinor, quote.currency)} tax.
        </Text>
      ) : null}
    </>
  );
}
