import { Button, Group, NativeSelect, Stack, Textarea, TextInput } from "@mantine/core";
import { Form } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { PhoneNumberField, type PhoneRegion } from "#app/components/PhoneNumberField.tsx";
import { type FormFailure, generalMessage } from "#app/forms/form-failure.ts";
import { useSubmitting } from "#app/forms/use-submitting.ts";
import { businessTypes } from "#contract/business-options.ts";

export type BusinessFormValues = Partial<
  Record<
    "name" | "type" | "contactPhone" | "region" | "contactEmail" | "address" | "description",
    string
  >
>;

type Props = {
  values: BusinessFormValues;
  failure: FormFailure | undefined;
  regions: readonly PhoneRegion[];
  defaultRegion: string;
  /** `apply` or `update`: which notice the console shows afterwards. */
  intent: "apply" | "update";
  submitLabel: string;
};

/**
 * The business's details. Uncontrolled fields filled from `values` (what was typed, a
 * kept draft or the saved business), so the form works before JavaScript loads; every
 * server refusal comes back next to its field with the rest kept.
 */
export function BusinessDetailsForm({
  values,
  failure,
  regions,
  defaultRegion,
  intent,
  submitLabel,
}: Props) {
  const submitting = useSubmitting();
  const errors = failure?.fieldErrors ?? {};
  const general = generalMessage(failure);
  return (
    <Form method="post">
      <Stack gap="md" maw="40rem">
        <input type="hidden" name="intent" value={intent} />
        {general ? <FormMessage kind="error">{general}</FormMessage> : null}
        {failure && !general ? (
          <FormMessage kind="error">
            Some details need a change: see the fields marked below.
          </FormMessage>
        ) : null}
        <TextInput
          name="name"
          label="Business name"
          autoComplete="organization"
          required
          minLength={2}
          maxLength={100}
          defaultValue={values.name}
          error={errors.name}
        />
        <NativeSelect
          name="type"
          label="Type of business"
          required
          defaultValue={values.type ?? ""}
          error={errors.type}
          data={[
            { value: "", label: "Choose one", disabled: true },
            ...businessTypes.map((type) => ({ value: type.id, label: type.label })),
          ]}
        />
        <PhoneNumberField
          name="contactPhone"
          regionName="region"
          label="Contact phone number"
          description="Where attendees and our support team can reach the business."
          regions={regions}
          defaultRegion={values.region || defaultRegion}
          defaultValue={values.contactPhone}
          error={errors.contactPhone}
        />
        <TextInput
          name="contactEmail"
          type="email"
          label="Contact email address"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={values.contactEmail}
          error={errors.contactEmail}
        />
        <Textarea
          name="address"
          label="Address"
          description="Where the business is based: street, town and postcode."
          autoComplete="street-address"
          required
          minLength={5}
          maxLength={300}
          autosize
          minRows={2}
          defaultValue={values.address}
          error={errors.address}
        />
        <Textarea
          name="description"
          label="Description (optional)"
          description="What you organise, in a few sentences (at most 2000 characters)."
          maxLength={2000}
          autosize
          minRows={3}
          defaultValue={values.description}
          error={errors.description}
        />
        <Group>
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
