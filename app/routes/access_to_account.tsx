import { data, Form, redirect, useActionData, useLoaderData } from "react-router";
import { IdentifierField } from "#app/accounts/IdentifierField.tsx";
import { phoneRegionsFor } from "#app/accounts/phone-regions.server.ts";
import { redirectParam, withRedirect } from "#app/accounts/redirect-param.ts";
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
import type { Route } from "./+types/access_to_account";

const title = "Sign in with a one-time code";
const intro =
  "Sign in without a password: we send a one-time code by SMS or email. This is also the way back into your account if you forgot your password but still have your phone.";

export const meta = () => screenMeta(title, intro);

export async function loader({ request, context }: Route.LoaderArgs) {
  const phone = await phoneRegionsFor(context.get(serverContext), request);
  return { ...phone, redirect: redirectParam(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  const form = await request.formData();
  let verificationId: string;
  try {
    ({ verificationId } = await server.invoke("accounts.requestSignInCode", {
      identifier: field(form, "identifier"),
      region: field(form, "region"),
    }));
  } catch (error) {
    const { failure, status } = formFailure(error, form);
    return data(failure, { status });
  }
  return redirect(withRedirect(`/sms_verify?id=${verificationId}`, redirectParam(request)));
}

export default function Page() {
  const { regions, defaultRegion, redirect: target } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const submitting = useSubmitting();
  return (
    <Screen title={title} intro={intro}>
      <Form method="post">
        <Stack gap="md" maw="32rem">
          {generalMessage(failure) ? (
            <FormMessage kind="error">{generalMessage(failure)}</FormMessage>
          ) : null}
          <Text>
            Codes go by SMS to the account's phone, or by email when you type an email address that
            you have confirmed.
          </Text>
          <IdentifierField
            regions={regions}
            defaultRegion={failure?.values.region ?? defaultRegion}
            defaultValue={failure?.values.identifier}
            error={failure?.fieldErrors.identifier}
          />
          <Group>
            <Button type="submit" loading={submitting}>
              Send me a code
            </Button>
          </Group>
        </Stack>
      </Form>
      <Text>
        Know your password?{" "}
        <AnchorLink to={withRedirect("/login", target)}>Sign in with it</AnchorLink>
      </Text>
    </Screen>
  );
}
