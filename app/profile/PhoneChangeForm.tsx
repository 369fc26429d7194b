import { Button, Stack, Text, TextInput } from "@mantine/core";
import { useFetcher } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { PhoneNumberField, type PhoneRegion } from "#app/components/PhoneNumberField.tsx";
import type { IntentResult } from "#app/forms/intent-action.ts";

type Props = {
  phone: string | null;
  pendingPhone: string | null;
  regions: readonly PhoneRegion[];
  defaultRegion: string;
};

/** A new number gets an SMS code; it replaces the old one once the code comes back. */
export function PhoneChangeForm({ phone, pendingPhone, regions, defaultRegion }: Props) {
  const request = useFetcher<IntentResult>();
  const confirm = useFetcher<IntentResult>();
  const requested = request.data;
  const confirmed = confirm.data;
  const requestFailure = requested && !requested.ok ? requested.failure : undefined;
  const confirmFailure = confirmed && !confirmed.ok ? confirmed.failure : undefined;
  const waitingFor = confirmed?.ok ? null : pendingPhone;
  return (
    <Stack gap="md" maw="40rem">
      <Text>
        Your phone number: <strong data-testid="current-phone">{phone ?? "none yet"}</strong>
      </Text>
      {confirmed?.ok ? <FormMessage kind="notice">{confirmed.notice}</FormMessage> : null}
      <request.Form method="post">
        <Stack gap="sm">
          <input type="hidden" name="intent" value="phone" />
          {requestFailure && Object.keys(requestFailure.fieldErrors).length === 0 ? (
            <FormMessage kind="error">{requestFailure.message}</FormMessage>
          ) : null}
          <PhoneNumberField
            regions={regions}
            defaultRegion={requestFailure?.values.region ?? defaultRegion}
            defaultValue={requestFailure?.values.phone}
            error={requestFailure?.fieldErrors.phone}
            label="New phone number"
            description="We send a 6-digit code to it by SMS."
          />
          <div>
            <Button type="submit" variant="default" loading={request.state !== "idle"}>
              Send code
            </Button>
          </div>
        </Stack>
      </request.Form>
      {waitingFor ? (
        <confirm.Form method="post">
          <Stack gap="sm">
            <input type="hidden" name="intent" value="phone-code" />
            <TextInput
              name="code"
              label={`Code sent to ${waitingFor}`}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              required
              error={
                confirmFailure?.fieldErrors.code ??
                (confirmFailure ? confirmFailure.message : undefined)
              }
            />
            <div>
              <Button type="submit" loading={confirm.state !== "idle"}>
                Confirm new number
              </Button>
            </div>
          </Stack>
        </confirm.Form>
      ) : null}
    </Stack>
  );
}
