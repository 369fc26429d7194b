import { Button, PasswordInput, Stack } from "@mantine/core";
import { useState } from "react";
import { useFetcher } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import {
  type PasswordPolicy,
  PasswordPolicyChecklist,
} from "#app/components/PasswordPolicyChecklist.tsx";
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
  const [password, setPassword] = useState("");
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
        <PasswordInput
          name="newPassword"
          label={hasPassword ? "New password" : "Password"}
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={failure?.fieldErrors.newPassword}
          aria-describedby="new-password-policy"
        />
        <PasswordPolicyChecklist
          id="new-password-policy"
          policy={policy}
          password={password}
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
