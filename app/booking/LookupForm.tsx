import { Button, Stack, TextInput } from "@mantine/core";
import { Form } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import type { FormFailure } from "#app/forms/form-failure.ts";

type Props = {
  reference: string;
  region: string;
  failure: FormFailure | undefined;
  pending: boolean;
};

/** A booking by its reference and the phone number or email address used to book it. */
export function LookupForm({ reference, region, failure, pending }: Props) {
  const values = failure?.values ?? {};
  return (
    <Form method="post" aria-label="Find a booking">
      <Stack gap="md" maw="32rem">
        <input type="hidden" name="intent" value="lookup" />
        <input type="hidden" name="region" value={region} />
        {failure && Object.keys(failure.fieldErrors).length === 0 ? (
          // A link sent to the booking's contact is news, not an error.
          <FormMessage kind={failure.reason === "link-sent" ? "notice" : "error"}>
            {failure.message}
          </FormMessage>
        ) : null}
        <TextInput
          name="reference"
          label="Booking reference"
          description="Eight letters and digits, such as K7QM-3TPX."
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          required
          maxLength={20}
          defaultValue={values.reference ?? reference}
          error={failure?.fieldErrors.reference}
        />
        <TextInput
          name="contact"
          label="Phone number or email used to book"
          autoComplete="tel"
          required
          maxLength={254}
          defaultValue={values.contact ?? ""}
          error={failure?.fieldErrors.contact}
        />
        <Button type="submit" loading={pending} size="md">
          Find booking
        </Button>
      </Stack>
    </Form>
  );
}
