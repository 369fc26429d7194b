import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import type { FetcherWithComponents } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import type { IntentResult } from "#app/forms/intent-action.ts";

type Props = {
  email: string | null;
  emailVerified: boolean;
  pendingEmail: string | null;
};

/** The id of the form "Send again" submits: it sits outside the details form (no nesting). */
export const resendFormId = "resend-email-form";

/** The address waiting for its link: the new one pending, else the account's unverified one. */
export function unverifiedEmailOf({ email, emailVerified, pendingEmail }: Props): string | null {
  return pendingEmail ?? (email && !emailVerified ? email : null);
}

/**
 * Whether the account's email is verified, and for an address still waiting for its link
 * a "Not verified" badge and "Send again" (a new link; the earlier one stops working).
 */
export function EmailVerificationStatus(
  props: Props & { resend: FetcherWithComponents<IntentResult> },
) {
  const { resend } = props;
  const result = resend.data;
  const waiting = unverifiedEmailOf(props);
  const { email, emailVerified } = props;
  return (
    <Stack gap="xs" data-testid="email-status">
      {email && emailVerified ? (
        <Group gap="xs">
          <Text size="sm">{email}</Text>
          <Badge color="green" variant="light">
            Verified
          </Badge>
        </Group>
      ) : null}
      {waiting ? (
        <>
          <Group gap="xs">
            <Text size="sm">{waiting}</Text>
            {/* The dark orange of "Few left": white on it passes contrast in both schemes. */}
            <Badge color="#9c4400">Not verified</Badge>
          </Group>
          <Text size="sm" data-testid="pending-email">
            Open the link we sent to <strong>{waiting}</strong> to verify it. No email? Check your
            spam folder, or send a new link (the earlier one then stops working).
          </Text>
          {result?.ok ? <FormMessage kind="notice">{result.notice}</FormMessage> : null}
          {result && !result.ok ? (
            <FormMessage kind="error">{result.failure.message}</FormMessage>
          ) : null}
          <div>
            <Button
              type="submit"
              form={resendFormId}
              name="intent"
              value="resend-email"
              variant="default"
              loading={resend.state !== "idle"}
            >
              Send again
            </Button>
          </div>
        </>
      ) : null}
    </Stack>
  );
}
