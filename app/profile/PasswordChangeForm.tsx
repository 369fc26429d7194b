import { Button, PasswordInput, Stack } from "@mantine/core";
import { useFetcher } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { NewPasswordField } from "#app/components/NewPasswordField.tsx";
import type { PasswordPolicy } from "#app/components/PasswordPolicyChecklist.tsx";
import type { IntentResult } from "#app/forms/intent-action.ts";

type Props = {
  hasPassword: boolean;
  policy: PasswordPolicy;
  phone: string | null;
  email: string | null;
};

/** Current password (when there is one) and a new one; other devices are signed out. */
export function PasswordChangeForm({ hasPassword, policy, phone, email }: Props) {
  const fetcher = useFetcher<IntentResult>();
  const result = fetcher.data;
  const failure = result && !result.ok ? result.failure : undefined;
  return (
    <fetcher.Form method="post">
      <Stack gap="sm" maw="32rem">
        <input type="hidden" name="intent" value="password" />
        {result?.ok ? <FormMessage kind="notice">{result.notice}</FormMessage> : null}
        {failure && Object.keys(failure.fieldErrors).length === 0 ? (
          <FormMessage kind="error">{failure.message}</FormMessage>
        ) : null}
        {hasPassword ? (
          <PasswordInput
            name="currentPassword"
            label="Current password"
            autoComplete="current-password"
            required
            error={failure?.fieldErrors.currentPassword}
          />
        ) : null}
        <NewPasswordField
          name="newPassword"
          label={hasPassword ? "New password" : "Password"}
          error={failure?.fieldErrors.newPassword}
          policyId="new-password-policy"
          policy={policy}
          phone={phone ?? undefined}
          email={email ?? undefined}
        />
        <div>
          <Button type="submit" loading={fetcher.state !== "idle"}>
            {hasPassword ? "Change password" : "Set password"}
          </Button>
        </div>
      </Stack>
    </fetcher.Form>
  );
}
