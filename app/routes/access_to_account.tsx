import { Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { field, formFailure, generalMessage } from "~/accounts/form-failure";
import { IdentifierField } from "~/accounts/IdentifierField";
import { phoneRegionsFor } from "~/accounts/phone-regions";
import { redirectParam, withRedirect } from "~/accounts/redirect-param";
import { useSubmitting } from "~/accounts/use-submitting";
import { FormMessage } from "~/components/FormMessage";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";
import { serverContext } from "~/server-context";
import { requireSameOrigin } from "~/session/require-same-origin";
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
        <Anchor component={Link} to={withRedirect("/login", target)} underline="always">
          Sign in with it
        </Anchor>
      </Text>
    </Screen>
  );
}
