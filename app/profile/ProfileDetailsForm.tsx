import { Button, Stack, TextInput } from "@mantine/core";
import { useFetcher } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import type { IntentResult } from "#app/forms/intent-action.ts";
import { EmailVerificationStatus, resendFormId } from "./EmailVerificationStatus.tsx";

type Props = {
  name: string | null;
  email: string | null;
  emailVerified: boolean;
  pendingEmail: string | null;
};

/** Name and email. A new email is confirmed by a link; the old one stays until then. */
export function ProfileDetailsForm({ name, email, emailVerified, pendingEmail }: Props) {
  const fetcher = useFetcher<IntentResult>();
  const resend = useFetcher<IntentResult>();
  const result = fetcher.data;
  const failure = result && !result.ok ? result.failure : undefined;
  return (
    <>
      <fetcher.Form method="post" aria-labelledby="details-heading">
        <Stack gap="sm" maw="32rem">
          <input type="hidden" name="intent" value="details" />
          {result?.ok ? <FormMessage kind="notice">{result.notice}</FormMessage> : null}
          {failure && Object.keys(failure.fieldErrors).length === 0 ? (
            <FormMessage kind="error">{failure.message}</FormMessage>
          ) : null}
          <TextInput
            name="name"
            label="Name"
            autoComplete="name"
            required
            maxLength={100}
            defaultValue={failure?.values.name ?? name ?? ""}
            error={failure?.fieldErrors.name}
          />
          <TextInput
            name="email"
            label="Email address"
            type="email"
            autoComplete="email"
            description={
              email
                ? "A new address is verified by a link we email to it."
                : "Optional. We email a link to verify it."
            }
            defaultValue={failure?.values.email ?? email ?? ""}
            error={failure?.fieldErrors.email}
          />
          <EmailVerificationStatus
            email={email}
            emailVerified={emailVerified}
            pendingEmail={pendingEmail}
            resend={resend}
          />
          <div>
            <Button type="submit" loading={fetcher.state !== "idle"}>
              Save name and email
            </Button>
          </div>
        </Stack>
      </fetcher.Form>
      <resend.Form id={resendFormId} method="post" hidden />
    </>
  );
}
