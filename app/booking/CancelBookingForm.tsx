import { Button, Checkbox, Stack, Text } from "@mantine/core";
import { Form } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import type { FormFailure } from "#app/forms/form-failure.ts";

type Props = {
  bookingId: string;
  ticketCount: number;
  failure: FormFailure | undefined;
  pending: boolean;
};

/**
 * The owner cancels a booking. The confirmation is a box to tick, so it works the same
 * without JavaScript (the action checks it too) and cannot be skipped by one stray tap.
 */
export function CancelBookingForm({ bookingId, ticketCount, failure, pending }: Props) {
  const tickets = `${ticketCount} ticket${ticketCount === 1 ? "" : "s"}`;
  return (
    <Form method="post" aria-labelledby="cancel-heading">
      <Stack gap="sm" maw="32rem">
        <Text fw={700} id="cancel-heading">
          Cancel this booking
        </Text>
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="bookingId" value={bookingId} />
        {failure && !failure.fieldErrors.confirm ? (
          <FormMessage kind="error">{failure.message}</FormMessage>
        ) : null}
        <Checkbox
          name="confirm"
          value="yes"
          required
          label={`Yes, cancel it: its ${tickets} will no longer be valid.`}
          error={failure?.fieldErrors.confirm}
        />
        <Button type="submit" color="red" variant="outline" loading={pending}>
          Cancel booking
        </Button>
      </Stack>
    </Form>
  );
}
