import { useState } from "react";
import { data, Form, redirect, useActionData, useLoaderData } from "react-router";
import { phoneRegionsFor } from "#app/accounts/phone-regions.server.ts";
import { redirectParam } from "#app/accounts/redirect-param.ts";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { NewPasswordField } from "#app/components/NewPasswordField.tsx";
import { PhoneNumberField } from "#app/components/PhoneNumberField.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { field, formFailure, generalMessage } from "#app/forms/form-failure.ts";
import { useSubmitting } from "#app/forms/use-submitting.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import { Button } from "#app/ui/Button.tsx";
import { TextInput } from "#app/ui/fields.tsx";
import { Group, Stack } from "#app/ui/layout.tsx";
import { AnchorLink, Text } from "#app/ui/text.tsx";
import { safeRedirect } from "#contract/safe-redirect.ts";
import type { Route } from "./+types/new_password";

const title = "Set a new password";
const intro =
  "Choose a new password with the code or the link we sent you. Once it is set, you are signed out everywhere else, on every other device.";

export const meta = () => screenMeta(title, intro);

export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const url = new URL(request.url);
  const [phone, policy] = await Promise.all([
    phoneRegionsFor(server, request),
    server.invoke("accounts.passwordPolicy", null),
  ]);
  return {
    ...phone,
    policy,
    token: url.searchParams.get("token"),
    phone: url.searchParams.get("phone"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  const form = await request.formData();
  const token = field(form, "token");
  try {
    await server.invoke(
      "accounts.setNewPassword",
      token
        ? { token, password: field(form, "password") }
        : {
            phone: field(form, "phone"),
            region: field(form, "region"),
            code: field(form, "code"),
            password: field(form, "password"),
          },
    );
  } catch (error) {
    const { failure, status } = formFailure(error, form);
    return data(failure, { status });
  }
  return redirect(safeRedirect(redirectParam(request)));
}

export default function Page() {
  const loaded = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const submitting = useSubmitting();
  const values = failure?.values ?? {};
  const [phone, setPhone] = useState(values.phone ?? loaded.phone ?? "");
  const [region, setRegion] = useState(values.region ?? loaded.defaultRegion);
  const byLink = Boolean(loaded.token);

  return (
    <Screen title={title} intro={intro}>
      <Form method="post">
        <Stack gap="md" maw="36rem">
          {generalMessage(failure) ? (
            <>
              <FormMessage kind="error">{generalMessage(failure)}</FormMessage>
              <Text>
                <AnchorLink to="/password">Ask for a new code or link</AnchorLink>
              </Text>
            </>
          ) : null}
          {byLink ? (
            <input type="hidden" name="token" value={loaded.token ?? ""} />
          ) : (
            <>
              <Text>
                {loaded.phone
                  ? "If this number has an account, we sent it a 6-digit code by SMS. It works for 10 minutes."
                  : "Enter your phone number and the 6-digit code we sent to it by SMS."}
              </Text>
              <PhoneNumberField
                regions={loaded.regions}
                defaultRegion={region}
                defaultValue={phone}
                description="The number the code was sent to."
                error={failure?.fieldErrors.phone}
                onRegionChange={setRegion}
                onValueChange={setPhone}
              />
              <TextInput
                name="code"
                label="6-digit code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                required
                error={failure?.fieldErrors.code}
                widthFromXs={220}
              />
            </>
          )}
          <NewPasswordField
            name="password"
            label="New password"
            error={failure?.fieldErrors.password}
            policyId="password-policy"
            policy={loaded.policy}
            phone={byLink ? undefined : phone}
            region={region}
          />
          <Group>
            <Button type="submit" loading={submitting}>
              Set password and sign in
            </Button>
          </Group>
        </Stack>
      </Form>
    </Screen>
  );
}
