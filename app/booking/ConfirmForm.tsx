import { Button, Fieldset, Stack, Text, TextInput } from "@mantine/core";
import { Form } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { formatPrice } from "#app/events/format.ts";
import type { FormFailure } from "#app/forms/form-failure.ts";
import type { HoldView } from "#contract/hold-view.ts";
import { attendeeField, confirmKeyOf, ticketSlots } from "./booking-form-fields.ts";

type Props = {
  hold: HoldView;
  userName: string | null;
  /** The account's email, the contact email's starting value. */
  accountEmail: string | null;
  failure: FormFailure | undefined;
  pending: boolean;
};

function PaymentNote({ hold }: { hold: HoldView }) {
  if (hold.totalMinor === 0 || !hold.currency) {
    return <Text size="sm">These tickets are free: your booking is confirmed at once.</Text>;
  }
  return (
    <Text size="sm">
      <strong>Pay at the venue:</strong> your booking is confirmed now, and you pay{" "}
      {formatPrice(hold.totalMinor, hold.currency)} at the entrance before you go in.
    </Text>
  );
}

/** Step two: a name per ticket (the first one is the buyer's), an optional email, confirm. */
export function ConfirmForm({ hold, userName, accountEmail, failure, pending }: Props) {
  const slots = ticketSlots(hold.items);
  const values = failure?.values ?? {};
  const nameErrorsAtTop = failure && Object.keys(failure.fieldErrors).length === 0;
  return (
    <Form method="post">
      <Stack gap="md" maw="32rem">
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="holdId" value={hold.id} />
        <input type="hidden" name="idempotencyKey" value={confirmKeyOf(hold.id)} />
        {nameErrorsAtTop ? <FormMessage kind="error">{failure.message}</FormMessage> : null}
        {/* m=0: the browser's own 2px fieldset margin put these fields out of line with the email's. */}
        <Fieldset legend="Who is coming" variant="unstyled" m={0}>
          <Stack gap="sm">
            {slots.map((typeName, index) => {
              const name = attendeeField(index);
              return (
                <TextInput
                  // biome-ignore lint/suspicious/noArrayIndexKey: one input per ticket, in order
                  key={index}
                  name={name}
                  label={`Ticket ${index + 1} (${typeName}): attendee's name`}
                  autoComplete={index === 0 ? "name" : "off"}
                  required
                  maxLength={100}
                  defaultValue={values[name] ?? (index === 0 ? (userName ?? "") : "")}
                  error={failure?.fieldErrors[name]}
                />
              );
            })}
          </Stack>
        </Fieldset>
        <TextInput
          name="contactEmail"
          type="email"
          label="Email for the confirmation (optional)"
          description="We email the booking reference there; it also finds the booking on Find a booking. If your account has no verified email yet, we also send a link to verify this one."
          autoComplete="email"
          maxLength={254}
          defaultValue={values.contactEmail ?? accountEmail ?? ""}
          error={failure?.fieldErrors.contactEmail}
        />
        <PaymentNote hold={hold} />
        <Button type="submit" loading={pending} size="md">
          Confirm booking
        </Button>
      </Stack>
    </Form>
  );
}
