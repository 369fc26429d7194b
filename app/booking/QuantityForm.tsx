import { Button, NativeSelect, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import type { AppliedCode } from "#app/events/code-tickets.ts";
import { formatPrice } from "#app/events/format.ts";
import { priceNote } from "#app/events/price-note.ts";
import { notOnSaleText } from "#app/events/TicketTypeList.tsx";
import type { FormFailure } from "#app/forms/form-failure.ts";
import type { PublicTicketType } from "#contract/event-page.ts";
import type { EventTax } from "#contract/pricing.ts";
import { quantityField } from "./booking-form-fields.ts";

/** 0 up to what one order may take of what is left. */
function quantityOptions(ticket: PublicTicketType): string[] {
  const most = ticket.onSale ? Math.max(0, Math.min(ticket.perOrderLimit, ticket.remaining)) : 0;
  return Array.from({ length: most + 1 }, (_, n) => String(n));
}

/** The price with the code: "€20.00 with EARLY20 (€25.00 without)". */
function codePriceText(ticket: PublicTicketType, code: AppliedCode): string | null {
  const price = code.prices.get(ticket.id);
  if (!price) return null;
  const now = `${formatPrice(price.allInPriceMinor, ticket.currency)} with ${code.code}`;
  return price.discountMinor > 0
    ? `${now} (${formatPrice(ticket.allInPriceMinor, ticket.currency)} without)`
    : now;
}

/** "€12.80 (incl. €0.80 booking fee) · 12 left": the all-in price first, as on the event page. */
function ticketDescription(
  ticket: PublicTicketType,
  timeZone: string,
  tax: EventTax,
  code: AppliedCode | undefined,
): string {
  const note = priceNote(ticket, tax);
  const price =
    (code && codePriceText(ticket, code)) ??
    `${formatPrice(ticket.allInPriceMinor, ticket.currency)}${note ? ` (${note})` : ""}`;
  const reason = notOnSaleText(ticket, timeZone);
  if (reason) return `${price} · ${reason}`;
  const limit = ticket.perOrderLimit < ticket.remaining ? ` · at most ${ticket.perOrderLimit}` : "";
  return `${price} · ${ticket.remaining} left${limit}`;
}

type Props = {
  ticketTypes: PublicTicketType[];
  timeZone: string;
  tax: EventTax;
  /** The code the buyer came with: the hold is made with it, its prices are shown. */
  code?: AppliedCode;
  idempotencyKey: string;
  failure: FormFailure | undefined;
  pending: boolean;
  /** What follows the refusal's message: the way into the waiting room when it was the cause. */
  onward?: ReactNode;
};

/**
 * Step one: how many of each ticket type. Types that cannot be bought are shown disabled
 * with the reason in words; the select offers no more than the order limit and what is left.
 */
export function QuantityForm({
  ticketTypes,
  timeZone,
  tax,
  code,
  idempotencyKey,
  failure,
  pending,
  onward,
}: Props) {
  const anyOnSale = ticketTypes.some((ticket) => ticket.onSale);
  return (
    <Form method="post" aria-labelledby="choose-heading">
      <Stack gap="md" maw="32rem">
        <input type="hidden" name="intent" value="hold" />
        {/* A second click sends the same key, and gets the first answer back. */}
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        {code ? <input type="hidden" name="code" value={code.code} /> : null}
        {failure && Object.keys(failure.fieldErrors).length === 0 ? (
          <FormMessage kind="error">
            {failure.message} {onward}
          </FormMessage>
        ) : null}
        {ticketTypes.map((ticket) => {
          const name = quantityField(ticket.id);
          return (
            <NativeSelect
              key={ticket.id}
              name={name}
              label={ticket.name}
              description={ticketDescription(ticket, timeZone, tax, code)}
              data={quantityOptions(ticket)}
              defaultValue={failure?.values[name] ?? "0"}
              disabled={!ticket.onSale}
              error={failure?.fieldErrors[name]}
            />
          );
        })}
        {anyOnSale ? (
          <>
            <Button type="submit" loading={pending} fullWidth={false} size="md">
              Hold tickets
            </Button>
            <Text size="sm" c="dimmed">
              We keep them for you for a few minutes while you enter the attendees' names.
            </Text>
          </>
        ) : null}
      </Stack>
    </Form>
  );
}
