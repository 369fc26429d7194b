import { Button, Group, NativeSelect, SegmentedControl, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { useFetcher } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { PhoneNumberField, type PhoneRegion } from "#app/components/PhoneNumberField.tsx";
import type { IntentResult } from "#app/forms/intent-action.ts";

const roleChoices = [
  { value: "staff", label: "Staff: checks tickets in" },
  { value: "coordinator", label: "Coordinator: also sees reports and the business" },
];

/**
 * Adds someone by phone or email. Someone with an account joins at once; anyone else gets
 * an invitation link by SMS or email.
 */
export function AddMemberForm({
  regions,
  defaultRegion,
}: {
  regions: readonly PhoneRegion[];
  defaultRegion: string;
}) {
  const fetcher = useFetcher<IntentResult>();
  const result = fetcher.data;
  const failure = result && !result.ok ? result.failure : undefined;
  const [by, setBy] = useState(failure?.values.by === "email" ? "email" : "phone");
  const errors = failure?.fieldErrors ?? {};
  // A new form (empty fields) after each success.
  const key = result?.ok ? result.notice : "form";
  return (
    <fetcher.Form method="post" aria-labelledby="add-heading" key={key}>
      <Stack gap="sm">
        <input type="hidden" name="intent" value="add-member" />
        <input type="hidden" name="by" value={by} />
        {result?.ok ? <FormMessage kind="notice">{result.notice}</FormMessage> : null}
        {failure && Object.keys(errors).length === 0 ? (
          <FormMessage kind="error">{failure.message}</FormMessage>
        ) : null}
        <SegmentedControl
          value={by}
          onChange={setBy}
          aria-label="Add by"
          data={[
            { value: "phone", label: "By phone" },
            { value: "email", label: "By email" },
          ]}
          w={{ base: "100%", xs: "auto" }}
        />
        {by === "phone" ? (
          <PhoneNumberField
            regions={regions}
            defaultRegion={failure?.values.region || defaultRegion}
            defaultValue={failure?.values.phone}
            error={errors.phone}
            label="Their phone number"
            description="They get an SMS with a link if they have no account yet."
          />
        ) : (
          <TextInput
            name="email"
            type="email"
            label="Their email address"
            description="They get an email with a link if no account has it yet."
            required
            defaultValue={failure?.values.email}
            error={errors.email}
          />
        )}
        <NativeSelect
          name="role"
          label="Role"
          data={roleChoices}
          defaultValue={failure?.values.role ?? "staff"}
          error={errors.role}
        />
        <Group>
          <Button type="submit" loading={fetcher.state !== "idle"}>
            Add to team
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}
