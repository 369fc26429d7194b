import { Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import { useFetcher } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { formatPrice } from "#app/events/format.ts";
import type { IntentResult } from "#app/forms/intent-action.ts";
import { formatEventTime } from "#contract/event-time.ts";
import { ConfirmAction } from "./ConfirmAction.tsx";
import { priceText } from "./price-input.ts";
import { TicketTypeFields, type TicketTypeValues } from "./TicketTypeFields.tsx";

export type ConsoleTicketType = {
  id: string;
  name: string;
  description: string;
  priceMinor: number;
  currency: string;
  capacity: number;
  taken: number;
  perOrderLimit: number;
  salesStartAt: string | null;
  salesEndAt: string | null;
  salesStartLocal: string;
  salesEndLocal: string;
  paymentMethod: string;
  /** Sold only with an access code that names it (decision 036). */
  hidden: boolean;
};

type Payments = { cardsOff: string | null };

function SalesWindow({ type, timeZone }: { type: ConsoleTicketType; timeZone: string }) {
  if (!type.salesStartAt && !type.salesEndAt) return null;
  const from = type.salesStartAt ? `from ${formatEventTime(type.salesStartAt, timeZone)}` : "";
  const until = type.salesEndAt ? `until ${formatEventTime(type.salesEndAt, timeZone)}` : "";
  return (
    <Text size="sm" c="dimmed">
      On sale {[from, until].filter(Boolean).join(" ")}
    </Text>
  );
}

/** The edit form of one ticket type (behind a disclosure), then its deletion. */
function TicketTypeEditor({
  type,
  timeZone,
  cardsOff,
}: { type: ConsoleTicketType; timeZone: string } & Payments) {
  const fetcher = useFetcher<IntentResult>();
  const remover = useFetcher<IntentResult>();
  const result = fetcher.data;
  const failure = result && !result.ok ? result.failure : undefined;
  const removal = remover.data && !remover.data.ok ? remover.data.failure : undefined;
  const saved: TicketTypeValues = {
    name: type.name,
    description: type.description,
    price: priceText(type.priceMinor),
    currency: type.currency,
    capacity: String(type.capacity),
    perOrderLimit: String(type.perOrderLimit),
    salesStartLocal: type.salesStartLocal,
    salesEndLocal: type.salesEndLocal,
    paymentMethod: type.paymentMethod,
    hidden: type.hidden,
  };
  return (
    <details>
      <summary style={{ cursor: "pointer" }}>Edit {type.name}</summary>
      <fetcher.Form method="post" aria-label={`Edit ${type.name}`}>
        <Stack gap="sm" pt="sm">
          <input type="hidden" name="intent" value="ticket-update" />
          <input type="hidden" name="ticketTypeId" value={type.id} />
          {result?.ok ? <FormMessage kind="notice">{result.notice}</FormMessage> : null}
          {failure && Object.keys(failure.fieldErrors).length === 0 ? (
            <FormMessage kind="error">{failure.message}</FormMessage>
          ) : null}
          <TicketTypeFields
            idPrefix={`ticket-${type.id}`}
            timeZone={timeZone}
            taken={type.taken}
            cardsOff={cardsOff}
            errors={failure?.fieldErrors ?? {}}
            values={{ ...saved, ...failure?.values }}
          />
          <Group>
            <Button type="submit" loading={fetcher.state !== "idle"}>
              Save ticket type
            </Button>
          </Group>
        </Stack>
      </fetcher.Form>
      {removal ? <FormMessage kind="error">{removal.message}</FormMessage> : null}
      {type.taken === 0 ? (
        <Group pt="sm">
          <ConfirmAction
            intent="ticket-delete"
            fetcher={remover}
            buttonLabel={`Delete ${type.name}`}
            color="red"
            variant="subtle"
            title={`Delete ${type.name}?`}
            explanation="Nobody holds a ticket of this type yet, so it can go."
            confirmLabel="Delete"
          >
            <input type="hidden" name="ticketTypeId" value={type.id} />
          </ConfirmAction>
        </Group>
      ) : null}
    </details>
  );
}

/** One ticket type: its price, taken / capacity and sales window; editable unless cancelled. */
export function TicketTypeCard({
  type,
  timeZone,
  editable,
  cardsOff,
}: {
  type: ConsoleTicketType;
  timeZone: string;
  editable: boolean;
} & Payments) {
  return (
    <Card component="li" withBorder radius="md" padding="md" data-testid="ticket-type">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Group gap="xs">
            <Text fw={600}>{type.name}</Text>
            {type.hidden ? (
              <Badge variant="light" color="gray" data-testid="ticket-type-hidden">
                Hidden
              </Badge>
            ) : null}
          </Group>
          <Text fw={600}>{formatPrice(type.priceMinor, type.currency)}</Text>
        </Group>
        <Text size="sm" data-testid="ticket-type-taken">
          {type.taken} / {type.capacity} taken · up to {type.perOrderLimit} per order
          {type.priceMinor > 0
            ? ` · ${type.paymentMethod === "card" ? "paid by card" : "paid at the venue"}`
            : ""}
        </Text>
        <SalesWindow type={type} timeZone={timeZone} />
        {editable ? <TicketTypeEditor type={type} timeZone={timeZone} cardsOff={cardsOff} /> : null}
      </Stack>
    </Card>
  );
}
