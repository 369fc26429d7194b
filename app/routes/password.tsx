import { data, Form, redirect, useActionData, useLoaderData } from "react-router";
import { IdentifierField } from "#app/accounts/IdentifierField.tsx";
import { phoneRegionsFor } from "#app/accounts/phone-regions.server.ts";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { field, formFailure, generalMessage } from "#app/forms/form-failure.ts";
import { useSubmitting } from "#app/forms/use-submitting.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import { Button } from "#app/ui/Button.tsx";
import { Group, Stack } from "#app/ui/layout.tsx";
import { AnchorLink, Text } from "#app/ui/text.tsx";
import type { Route } from "./+types/password";

const title = "Forgot your password?";
const intro =
  "Enter your phone number or email address and we send you a code or a link to set a new password. The answer is the same whether or not an account exists, so nobody can use this page to find out who has one.";

export const meta = () => screenMeta(title, intro);

export async function loader({ request, context }: Route.LoaderArgs) {
  return phoneRegionsFor(context.get(serverContext), request);
}

export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  const form = await request.formData();
  try {
    const sent = await server.invoke("accounts.requestPasswordReset", {
      identifier: field(form, "identifier"),
      region: field(form, "region"),
    });
    if (sent.channel === "sms") {
      return redirect(`/new_password?${new URLSearchParams({ phone: sent.destination })}`);
    }
    return { emailedTo: sent.destination };
  } catch (error) {
    const { failure, status } = formFailure(error, form);
    return data({ failure }, { status });
  }
}

export default function Page() {
  const { regions, defaultRegion } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const failure = answer && "failure" in answer ? answer.failure : undefined;
  const emailedTo = answer && "emailedTo" in answer ? answer.emailedTo : undefined;
  const submitting = useSubmitting();
  return (
    <Screen title={title} intro={intro}>
      <Form method="post">
        <Stack gap="md" maw="32rem">
          {generalMessage(failure) ? (
            <FormMessage kind="error">{generalMessage(failure)}</FormMessage>
          ) : null}
          {emailedTo ? (
            <FormMessage kind="notice" title="Check your email">
              If {emailedTo} is the confirmed email address of an account, we sent it a link to set
              a new password. The link works for 30 minutes.
            </FormMessage>
          ) : null}
          <Text>
            With a phone number, we send a 6-digit code by SMS and you set the password on the next
            page. With an email address, we send a link.
          </Text>
          <IdentifierField
            regions={regions}
            defaultRegion={failure?.values.region ?? defaultRegion}
            defaultValue={failure?.values.identifier}
            error={failure?.fieldErrors.identifier}
          />
          <Group>
            <Button type="submit" loading={submitting}>
              Send code or link
            </Button>
          </Group>
        </Stack>
      </Form>
      <Text>
        Still have your phone?{" "}
        <AnchorLink to="/access_to_account">Sign in with a one-time code</AnchorLink>
      </Text>
    </Screen>
  );
}
