import { Button, Checkbox, Fieldset, Group, Stack, Text } from "@mantine/core";
import type { ComponentType, ReactNode } from "react";
import type { FormProps } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import type { CancelDialogData } from "#app/routes/order.cancel.tsx";
import { quoteLine } from "./cancellation-text.ts";

export const cancelDialogPath = "/order/cancel";

type Props = {
  data: CancelDialogData;
  /** The form element: a fetcher's in the dialog, the router's on the page without JavaScript. */
  FormComponent: ComponentType<FormProps>;
  /** The ticked tickets and their toggle (the dialog); unset: all ticked, uncontrolled. */
  chosen?: { ids: string[]; toggle(id: string, on: boolean): void };
  quoting?: boolean;
  failure?: string;
  pending: boolean;
  /** "Keep my booking": a button closing the dialog, or a link back. */
  keep: ReactNode;
  /** Sent along without JavaScript: the answer is then the booking's page. */
  hidden?: ReactNode;
};

/** The valid tickets to choose (all of them: the whole booking), the quote, and the confirm. */
export function CancelTicketsForm({ data, FormComponent, chosen, ...state }: Props) {
  const valid = data.booking.tickets.filter((t) => t.status === "valid" && t.id);
  const count = chosen ? chosen.ids.length : valid.length;
  const whole = count === valid.length;
  return (
    <FormComponent method="post" action={cancelDialogPath}>
      <Stack gap="md">
        <input type="hidden" name="bookingId" value={data.booking.id} />
        {state.hidden}
        <Fieldset legend="Tickets to cancel (all of them: the whole booking)" variant="unstyled">
          <Stack gap="xs" mt="xs">
            {valid.map((ticket) => {
              const id = ticket.id ?? "";
              return (
                <Checkbox
                  key={id}
                  name="ticket"
                  value={id}
                  label={`${ticket.attendeeName} (${ticket.ticketTypeName})`}
                  {...(chosen
                    ? {
                        checked: chosen.ids.includes(id),
                        onChange: (event) => chosen.toggle(id, event.currentTarget.checked),
                      }
                    : { defaultChecked: true })}
                />
              );
            })}
          </Stack>
        </Fieldset>
        <Text role="status" aria-live="polite" fw={600} data-quote>
          {state.quoting ? "Working out your refund…" : quoteLine(data.quote)}
        </Text>
        {state.failure ? <FormMessage kind="error">{state.failure}</FormMessage> : null}
        <Group justify="flex-end" gap="sm">
          {state.keep}
          <Button
            type="submit"
            color="red.8"
            loading={state.pending}
            disabled={!data.quote.allowed || count === 0 || state.quoting}
          >
            {whole ? "Cancel the booking" : `Cancel ${count} ticket${count === 1 ? "" : "s"}`}
          </Button>
        </Group>
      </Stack>
    </FormComponent>
  );
}
