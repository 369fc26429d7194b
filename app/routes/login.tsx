import { Anchor, Button, Group, PasswordInput, Stack } from "@mantine/core";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { field, formFailure, generalMessage } from "~/accounts/form-failure";
import { IdentifierField } from "~/accounts/IdentifierField";
import { phoneRegionsFor } from "~/accounts/phone-regions";
import { redirectParam, withRedirect } from "~/accounts/redirect-param";
import { useSubmitting } from "~/accounts/use-submitting";
import { ExternalSignInButton } from "~/components/ExternalSignInButton";
import { FormMessage } from "~/components/FormMessage";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";
import { serverContext } from "~/server-context";
import { requireSameOrigin } from "~/session/require-same-origin";
import { safeRedirect } from "~/session/safe-redirect";
import type { Route } from "./+types/login";

const title = "Sign in";
const intro =
  "Sign in with your phone number or email address and your password, or with an external identity provider, to book tickets and see your orders.";

export const meta = () => screenMeta(title, intro);

export async function loader({ request, context }: Route.LoaderArgs) {
  const phone = await phoneRegionsFor(context.get(serverContext), request);
  return { ...phone, redirect: redirectParam(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  const form = await request.formData();
  try {
    await server.invoke("accounts.signIn", {
      identifier: field(form, "identifier"),
      region: field(form, "region"),
      password: field(form, "password"),
    });
  } catch (error) {
    const { failure, status } = formFailure(error, form);
    return data(failure, { status });
  }
  return redirect(safeRedirect(field(form, "redirect")));
}

export default function Page() {
  const { regions, defaultRegion, redirect: target } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const submitting = useSubmitting();
  const otherWays = [
    { to: withRedirect("/register", target), label: "Create an account" },
    { to: "/password", label: "Forgot your password?" },
    { to: withRedirect("/access_to_account", target), label: "Sign in with a one-time code" },
  ];
  return (
    <Screen title={title} intro={intro}>
      <Form method="post" noValidate={false}>
        <Stack gap="md" maw="32rem">
          {generalMessage(failure) ? (
            <FormMessage kind="error">{generalMessage(failure)}</FormMessage>
          ) : null}
          <input type="hidden" name="redirect" value={target ?? ""} />
          <IdentifierField
            regions={regions}
            defaultRegion={failure?.values.region ?? defaultRegion}
            defaultValue={failure?.values.identifier}
            error={failure?.fieldErrors.identifier}
          />
          <PasswordInput
            name="password"
            label="Password"
            autoComplete="current-password"
            required
            error={failure?.fieldErrors.password}
          />
          <Group>
            <Button type="submit" loading={submitting}>
              Sign in
            </Button>
          </Group>
        </Stack>
      </Form>
      <ExternalSignInButton />
      <Group component="nav" aria-label="Other ways in" gap="lg">
        {otherWays.map((link) => (
          <Anchor key={link.label} component={Link} to={link.to} underline="hover">
            {link.label}
          </Anchor>
        ))}
      </Group>
    </Screen>
  );
}
