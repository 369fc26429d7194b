import { useState } from "react";
import { data, Form, redirect, useActionData, useLoaderData } from "react-router";
import { phoneRegionsFor } from "#app/accounts/phone-regions.server.ts";
import { redirectParam, withRedirect } from "#app/accounts/redirect-param.ts";
import { SignedInNotice } from "#app/accounts/SignedInNotice.tsx";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { NewPasswordField } from "#app/components/NewPasswordField.tsx";
import { PhoneNumberField } from "#app/components/PhoneNumberField.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { field, formFailure, generalMessage } from "#app/forms/form-failure.ts";
import { useSubmitting } from "#app/forms/use-submitting.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import { useSignedInUser } from "#app/session/signed-in-user.ts";
import { Button } from "#app/ui/Button.tsx";
import { TextInput } from "#app/ui/fields.tsx";
import { Group, Stack } from "#app/ui/layout.tsx";
import { AnchorLink, Text } from "#app/ui/text.tsx";
import type { Route } from "./+types/register";

const title = "Create an account";
const intro =
  "Create an account with your name, your phone number, an email address if you like, and a password. We send a code by SMS to confirm that the phone number is yours.";

export const meta = () => screenMeta(title, intro);

export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const [phone, policy] = await Promise.all([
    phoneRegionsFor(server, request),
    server.invoke("accounts.passwordPolicy", null),
  ]);
  return {
    ...phone,
    policy,
    redirect: redirectParam(request),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  const form = await request.formData();
  let verificationId: string;
  try {
    ({ verificationId } = await server.invoke("accounts.register", {
      name: field(form, "name"),
      phone: field(form, "phone"),
      region: field(form, "region"),
      email: field(form, "email").trim(),
      password: field(form, "password"),
    }));
  } catch (error) {
    const { failure, status } = formFailure(error, form);
    return data(failure, { status });
  }
  const target = field(form, "redirect");
  return redirect(withRedirect(`/sms_verify?id=${verificationId}`, target || null));
}

export default function Page() {
  const { regions, policy, defaultRegion, redirect: target } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const submitting = useSubmitting();
  const values = failure?.values ?? {};
  const [phone, setPhone] = useState(values.phone ?? "");
  const [region, setRegion] = useState(values.region ?? defaultRegion);
  const [email, setEmail] = useState(values.email ?? "");
  const user = useSignedInUser();
  if (user) {
    return (
      <Screen title={title}>
        <SignedInNotice user={user} redirect={target} />
      </Screen>
    );
  }

  return (
    <Screen title={title} intro={intro}>
      <Form method="post">
        <Stack gap="md" maw="36rem">
          {generalMessage(failure) ? (
            <FormMessage kind="error">{generalMessage(failure)}</FormMessage>
          ) : null}
          <input type="hidden" name="redirect" value={target ?? ""} />
          <TextInput
            name="name"
            label="Your name"
            autoComplete="name"
            required
            defaultValue={values.name}
            error={failure?.fieldErrors.name}
          />
          <PhoneNumberField
            regions={regions}
            defaultRegion={region}
            defaultValue={values.phone}
            error={failure?.fieldErrors.phone}
            onRegionChange={setRegion}
            onValueChange={setPhone}
          />
          <TextInput
            name="email"
            type="email"
            label="Email address (optional)"
            description="For booking confirmations and tickets: we email you a link to verify it. You can also add it later."
            autoComplete="email"
            defaultValue={values.email}
            error={failure?.fieldErrors.email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <NewPasswordField
            name="password"
            label="Password"
            error={failure?.fieldErrors.password}
            policyId="password-policy"
            policy={policy}
            phone={phone}
            region={region}
            email={email}
          />
          <Group>
            <Button type="submit" loading={submitting}>
              Create account
            </Button>
          </Group>
        </Stack>
      </Form>
      <Text>
        Already have an account?{" "}
        <AnchorLink to={withRedirect("/login", target)}>Sign in</AnchorLink>
      </Text>
    </Screen>
  );
}
