import { Card, Group, Stack, Text } from "@mantine/core";
import { useFetcher } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { ConfirmAction } from "#app/console/ConfirmAction.tsx";
import type { IntentResult } from "#app/forms/intent-action.ts";
import type { EventCodesView, EventCodeView } from "#contract/event-codes.ts";
import { CodeForm } from "./CodeForm.tsx";
import { CopyLinkButton } from "./CopyLinkButton.tsx";
import { codeFormValues } from "./code-form-input.ts";
import { removeCodeIntent } from "./code-intents.ts";
import { discountText, typesText, usesText, validityText } from "./code-text.ts";

type Props = { code: EventCodeView; event: EventCodesView };

/** One code: what it does, for which types, its uses and window, its link; edit, remove. */
export function CodeCard({ code, event }: Props) {
  const remover = useFetcher<IntentResult>();
  const removal = remover.data && !remover.data.ok ? remover.data.failure : undefined;
  return (
    <Card component="li" withBorder radius="md" padding="md" data-testid="event-code">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Text fw={700} ff="monospace" size="lg">
            {code.code}
          </Text>
          <Text fw={600}>{discountText(code.discount, event.currency)}</Text>
        </Group>
        <Text size="sm">{typesText(code.ticketTypeIds, event.ticketTypes)}</Text>
        <Text size="sm" data-testid="event-code-uses">
          {usesText(code)}
        </Text>
        <Text size="sm" c="dimmed">
          {validityText(code, event.timeZone)}
        </Text>
        <CopyLinkButton path={code.link} code={code.code} />
        <details>
          <summary style={{ cursor: "pointer" }}>Edit {code.code}</summary>
          <Stack pt="sm">
            <CodeForm
              start={codeFormValues(code, event.timeZone)}
              idPrefix={`code-${code.id}`}
              submitLabel={`Save ${code.code}`}
              timeZone={event.timeZone}
              currency={event.currency}
              ticketTypes={event.ticketTypes}
            />
          </Stack>
        </details>
        {removal ? <FormMessage kind="error">{removal.message}</FormMessage> : null}
        <Group>
          <ConfirmAction
            intent={removeCodeIntent}
            fetcher={remover}
            buttonLabel={`Remove ${code.code}`}
            color="red"
            variant="subtle"
            title={`Remove ${code.code}?`}
            explanation="Buyers can no longer use it. Tickets already held or booked with it keep their price, and bookings keep the code."
            confirmLabel="Remove"
          >
            <input type="hidden" name="id" value={code.id} />
            <input type="hidden" name="promoCode" value={code.code} />
          </ConfirmAction>
        </Group>
      </Stack>
    </Card>
  );
}
