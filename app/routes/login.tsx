import { data, Form, redirect, useActionData, useLoaderData } from "react-router";
import { IdentifierField } from "#app/accounts/IdentifierField.tsx";
import { phoneRegionsFor } from "#app/accounts/phone-regions.server.ts";
import { redirectParam, withRedirect } from "#app/accounts/redirect-param.ts";
import { SignedInNotice } from "#app/accounts/SignedInNotice.tsx";
import { ExternalSignInButton } from "#app/components/ExternalSignInButton.tsx";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { field, formFailure, generalMessage } from "#app/forms/form-failure.ts";
import { useSubmitting } from "#app/forms/use-submitting.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import { useSignedInUser } from "#app/session/signed-in-user.ts";
import { Button } from "#app/ui/Button.tsx";
import { Group, Stack } from "#app/ui/layout.tsx";
import { PasswordInput } from "#app/ui/PasswordInput.tsx";
import { AnchorLink } from "#app/ui/text.tsx";
import { safeRedirect } from "#contract/safe-redirect.ts";
import type { Route } from "./+types/login";

const title = "Sign in";

/** The external identity provider is mentioned only when one is configured. */
function introFor(provider: { name: string } | null): string {
  const ways = provider ? `your password, or with ${provider.name},` : "your password";
  return `Sign in with your phone number or email address and ${ways} to book tickets and see your orders.`;
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  screenMeta(title, introFor(loaderData?.provider ?? null));

export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const [phone, provider] = await Promise.all([
    phoneRegionsFor(server, request),
    server.invoke("profile.externalSignInProvider", null),
  ]);
  return { ...phone, provider, redirect: redirectParam(request) };
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
  const { regions, defaultRegion, provider, redirect: target } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const submitting = useSubmitting();
  const user = useSignedInUser();
  const intro = introFor(provider);
  if (user) {
    return (
      <Screen title={title}>
        <SignedInNotice user={user} redirect={target} />
      </Screen>
    );
  }
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
            <FormMessage kind="error">
              {generalMessage(failure)}{" "}
              {failure?.reason === "code-required" ? (
                <AnchorLink to={withRedirect("/access_to_account", target)}>
                  Get a sign-in code
                </AnchorLink>
              ) : null}
            </FormMessage>
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
      <ExternalSignInButton provider={provider} />
      <Group component="nav" aria-label="Other ways in" gap="lg">
        {otherWays.map((link) => (
          <AnchorLink key={link.label} to={link.to} underline="hover">
            {link.label}
          </AnchorLink>
        ))}
      </Group>
    </Screen>
  );
}
