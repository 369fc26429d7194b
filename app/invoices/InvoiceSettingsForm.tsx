import { Button, Card, Checkbox, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import type { IntentResult } from "#app/forms/intent-action.ts";
import { useSubmitting } from "#app/forms/use-submitting.ts";

export const INVOICES_INTENT = "invoices";

type Props = {
  settings: { invoicesEnabled: boolean; taxId: string | null };
  /** The last answer of this form, when it was the one sent. */
  result?: IntentResult;
};

/** The business's invoices: on or off, and the tax id they print. */
export function InvoiceSettingsForm({ settings, result }: Props) {
  const submitting = useSubmitting(INVOICES_INTENT);
  const failure = result && !result.ok ? result.failure : undefined;
  const typedTaxId = failure?.values.taxId;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="invoices-heading"
    >
      <Form method="post">
        <Stack gap="sm">
          <Title order={2} size="h3" id="invoices-heading">
            Invoices
          </Title>
          <Text>
            Every booking paid by card gets a receipt. With invoices on, each one also gets an
            invoice numbered in sequence (INV-000001, …) with your tax id, and each refund a credit
            note. Invoices start with the bookings paid after you turn them on.
          </Text>
          {result?.ok ? <FormMessage kind="notice">{result.notice}</FormMessage> : null}
          {failure && !failure.fieldErrors.taxId ? (
            <FormMessage kind="error">{failure.message}</FormMessage>
          ) : null}
          <input type="hidden" name="intent" value={INVOICES_INTENT} />
          <Checkbox
            name="invoicesEnabled"
            label="Issue numbered invoices"
            defaultChecked={
              failure ? failure.values.invoicesEnabled === "on" : settings.invoicesEnabled
            }
          />
          <TextInput
            name="taxId"
            label="Tax id"
            description="Your VAT or tax number, as it is printed on invoices (2 to 32 characters)."
            defaultValue={typedTaxId ?? settings.taxId ?? ""}
            error={failure?.fieldErrors.taxId}
            maxLength={64}
            autoComplete="off"
          />
          <Button type="submit" loading={submitting} style={{ alignSelf: "flex-start" }}>
            Save invoice settings
          </Button>
        </Stack>
      </Form>
    </Card>
  );
}
