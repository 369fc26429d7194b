import type { ReactNode } from "react";
import { Group, Paper, Stack } from "#app/ui/layout.tsx";
import { Text, VisuallyHidden } from "#app/ui/text.tsx";
import type { CodeTypePrice } from "#contract/event-codes.ts";
import type { NotOnSaleReason, PublicTicketType } from "#contract/event-page.ts";
import { formatEventTime } from "#contract/event-time.ts";
import type { EventTax } from "#contract/pricing.ts";
import { AvailabilityBadge } from "./AvailabilityBadge.tsx";
import type { AppliedCode } from "./code-tickets.ts";
import { formatPrice } from "./format.ts";
import { priceNote } from "./price-note.ts";

/** Why a ticket type cannot be bought, in words. */
export function notOnSaleText(ticket: PublicTicketType, timeZone: string): string | null {
  const reasons: Record<Exclude<NotOnSaleReason, null>, string> = {
    "sold-out": "Sold out",
    "not-started": ticket.salesStartAt
      ? `On sale from ${formatEventTime(ticket.salesStartAt, timeZone)}`
      : "Not on sale yet",
    ended: "Sales have ended",
    "event-cancelled": "Event cancelled",
    "event-ended": "Event has ended",
  };
  return ticket.notOnSaleReason ? reasons[ticket.notOnSaleReason] : null;
}

/** A type's price with a code applied: the list price struck through, then the price after it. */
function CodePriceText({
  ticket,
  price,
  code,
}: {
  ticket: PublicTicketType;
  price: CodeTypePrice;
  code: string;
}) {
  return (
    <>
      {price.discountMinor > 0 ? (
        <Text size="sm" c="dimmed" style={{ textDecoration: "line-through" }}>
          <VisuallyHidden>Without the code </VisuallyHidden>
          {formatPrice(ticket.allInPriceMinor, ticket.currency)}
        </Text>
      ) : null}
      <Text fw={700} data-testid="code-price">
        {formatPrice(price.allInPriceMinor, ticket.currency)}
      </Text>
      <Text size="sm" c="dimmed" style={{ textAlign: "right" }}>
        With {code}
      </Text>
    </>
  );
}

/**
 * The event's ticket types: the all-in price (what the buyer pays, with what it
 * includes), what is left, and why one cannot be bought.
 */
export function TicketTypeList({
  tickets,
  timeZone,
  tax,
  below,
  code,
}: {
  tickets: PublicTicketType[];
  timeZone: string;
  tax: EventTax;
  /** A code applied on the page: its name and its prices, by ticket type id. */
  code?: AppliedCode;
  /** What goes under a type (the event page's waiting list part), if anything. */
  below?: (ticket: PublicTicketType) => ReactNode;
}) {
  if (tickets.length === 0) {
    return <Text c="dimmed">No tickets have been released for this event yet.</Text>;
  }
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
      {tickets.map((ticket) => {
        const reason = notOnSaleText(ticket, timeZone);
        const note = priceNote(ticket, tax);
        const codePrice = code?.prices.get(ticket.id);
        return (
          <Paper key={ticket.id} p="sm" component="li">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Text fw={600}>{ticket.name}</Text>
                {ticket.description ? (
                  <Text size="sm" c="dimmed">
                    {ticket.description}
                  </Text>
                ) : null}
                <Text size="sm">
                  {ticket.notOnSaleReason === "sold-out" ? "None left" : `${ticket.remaining} left`}
                  {reason && ticket.notOnSaleReason !== "sold-out" ? ` · ${reason}` : ""}
                </Text>
              </Stack>
              <Stack gap={4} align="flex-end">
                {codePrice && code ? (
                  <CodePriceText ticket={ticket} price={codePrice} code={code.code} />
                ) : (
                  <Text fw={700}>{formatPrice(ticket.allInPriceMinor, ticket.currency)}</Text>
                )}
                {note && !codePrice ? (
                  <Text size="sm" c="dimmed" style={{ textAlign: "right" }}>
                    {note}
                  </Text>
                ) : null}
                <AvailabilityBadge availability={ticket.availability} />
              </Stack>
            </Group>
            {below?.(ticket)}
          </Paper>
        );
      })}
    </Stack>
  );
}
