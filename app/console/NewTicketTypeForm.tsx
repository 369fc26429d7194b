import { Button, Card, Group, Stack, Title } from "@mantine/core";
import { useRef } from "react";
import { useFetcher } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import type { IntentResult } from "#app/forms/intent-action.ts";
import { TicketTypeFields, type TicketTypeValues } from "./TicketTypeFields.tsx";

/** Adds a ticket type; the fields empty themselves after each success. */
export function NewTicketTypeForm({
  timeZone,
  currency,
  cardsOff,
}: {
  timeZone: string;
  currency: string;
  cardsOff: string | null;
}) {
  const fetcher = useFetcher<IntentResult>();
  const result = fetcher.data;
  const failure = result && !result.ok ? result.failure : undefined;
  // Each new success (once the list has reloaded) remounts the fields, clearing them in
  // the same render that shows the notice: nothing typed after it is lost.
  const rounds = useRef<{ answer: unknown; round: number }>({ answer: undefined, round: 0 });
  const settled = fetcher.state === "idle" ? result : undefined;
  if (settled?.ok && rounds.current.answer !== settled) {
    rounds.current = { answer: settled, round: rounds.current.round + 1 };
  }
  const blank: TicketTypeValues = {
    name: "",
    description: "",
    price: "",
    currency,
    capacity: "",
    perOrderLimit: "10",
    salesStartLocal: "",
    salesEndLocal: "",
    paymentMethod: "venue",
    hidden: false,
  };
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="new-ticket-type">
      <fetcher.Form method="post">
        <Stack gap="sm">
          <Title order={3} size="h4" id="new-ticket-type">
            Add a ticket type
          </Title>
          <input type="hidden" name="intent" value="ticket-create" />
          {settled?.ok ? <FormMessage kind="notice">{settled.notice}</FormMessage> : null}
          {failure && Object.keys(failure.fieldErrors).length === 0 ? (
            <FormMessage kind="error">{failure.message}</FormMessage>
          ) : null}
          <TicketTypeFields
            key={rounds.current.round}
            idPrefix="new-ticket"
            timeZone={timeZone}
            cardsOff={cardsOff}
            values={{ ...blank, ...failure?.values }}
            errors={failure?.fieldErrors ?? {}}
          />
          <Group>
            <Button type="submit" loading={fetcher.state !== "idle"}>
              Add ticket type
            </Button>
          </Group>
        </Stack>
      </fetcher.Form>
    </Card>
  );
}
