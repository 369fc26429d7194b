import {
  Button,
  Fieldset,
  NativeSelect,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useState } from "react";
import { data, Form, Link, redirect, useActionData, useFetcher, useLoaderData } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { field, formFailure } from "#app/forms/form-failure.ts";
import { useSubmitting } from "#app/forms/use-submitting.ts";
import { DeletionSummary } from "#app/profile/DeletionSummary.tsx";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import type { Route } from "./+types/delete_account";

const title = "Delete your account";
const intro =
  "The first step of deleting your account: what is deleted and what is kept (bookings stay, anonymised, for the organizers' accounting), an optional reason, and confirming that it is you with your password or an SMS code.";

const reasons = [
  { value: "", label: "I'd rather not say" },
  { value: "not_using", label: "I no longer use it" },
  { value: "privacy", label: "Privacy concerns" },
  { value: "too_many_messages", label: "Too many messages" },
  { value: "other_account", label: "I have another account" },
  { value: "other", label: "Something else" },
] as const;
type Reason = Exclude<(typeof reasons)[number]["value"], "">;

export const meta = () => screenMeta(title, intro);

export async function loader({ context }: Route.LoaderArgs) {
  const profile = await context.get(serverContext).invoke("profile.get", null);
  return { hasPassword: profile.hasPassword, hasPhone: profile.phone !== null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  const form = await request.formData();
  try {
    if (field(form, "intent") === "send-code") {
      const { sentTo } = await server.invoke("profile.sendDeletionCode", null);
      return { sentTo };
    }
    const reason = reasons.find((r) => r.value === field(form, "reason"))?.value || undefined;
    await server.invoke("profile.confirmIdentityForDeletion", {
      reason: reason as Reason | undefined,
      proof:
        field(form, "method") === "sms"
          ? { method: "sms", code: field(form, "code") }
          : { method: "password", password: field(form, "password") },
    });
  } catch (error) {
    const { failure, status } = formFailure(error, form);
    return data({ failure }, { status });
  }
  return redirect("/confirm_delete_account");
}

export default function Page() {
  const { hasPassword, hasPhone } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const sender = useFetcher<typeof action>();
  const failure = answer && "failure" in answer ? answer.failure : undefined;
  const [method, setMethod] = useState<string>(
    failure?.values.method ?? (hasPassword ? "password" : "sms"),
  );
  const submitting = useSubmitting("confirm-identity");
  const sent = sender.data && "sentTo" in sender.data ? sender.data.sentTo : null;
  const sendFailure = sender.data && "failure" in sender.data ? sender.data.failure : undefined;
  const methods = [
    ...(hasPassword ? [{ value: "password", label: "Password" }] : []),
    ...(hasPhone ? [{ value: "sms", label: "SMS code" }] : []),
  ];
  return (
    <Screen title={title} intro={intro}>
      <DeletionSummary />
      {methods.length === 0 ? (
        <FormMessage kind="notice">
          Your account has no password and no phone number to confirm it is you. Set a password on
          your <Link to="/profile">profile</Link> first, then come back.
        </FormMessage>
      ) : null}
      <Form method="post">
        <Stack gap="md" maw="32rem">
          <input type="hidden" name="intent" value="confirm-identity" />
          <input type="hidden" name="method" value={method} />
          {failure && Object.keys(failure.fieldErrors).length === 0 ? (
            <FormMessage kind="error">{failure.message}</FormMessage>
          ) : null}
          <NativeSelect
            name="reason"
            label="Why are you leaving? (optional)"
            data={reasons.map((r) => ({ value: r.value, label: r.label }))}
            defaultValue={failure?.values.reason ?? ""}
          />
          <Fieldset legend="Confirm it is you">
            <Stack gap="sm">
              {methods.length > 1 ? (
                <SegmentedControl
                  data={methods}
                  value={method}
                  onChange={setMethod}
                  aria-label="How to confirm"
                />
              ) : null}
              {method === "password" ? (
                <PasswordInput
                  name="password"
                  label="Your password"
                  autoComplete="current-password"
                  required
                  error={failure?.fieldErrors.password}
                />
              ) : (
                <>
                  <Text size="sm">
                    {sent ? `We sent a code to ${sent}.` : "We send a 6-digit code to your phone."}
                  </Text>
                  {sendFailure ? (
                    <FormMessage kind="error">{sendFailure.message}</FormMessage>
                  ) : null}
                  <div>
                    <Button
                      type="button"
                      variant="default"
                      loading={sender.state !== "idle"}
                      onClick={() => sender.submit({ intent: "send-code" }, { method: "post" })}
                    >
                      {sent ? "Send another code" : "Send code"}
                    </Button>
                  </div>
                  <TextInput
                    name="code"
                    label="Code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    required
                    error={failure?.fieldErrors.code}
                  />
                </>
              )}
            </Stack>
          </Fieldset>
          <div>
            <Button type="submit" color="red.9" loading={submitting}>
              Continue
            </Button>
          </div>
        </Stack>
      </Form>
    </Screen>
  );
}
