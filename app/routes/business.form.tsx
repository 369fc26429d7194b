import { Anchor, Text } from "@mantine/core";
import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import { phoneRegionsFor } from "#app/accounts/phone-regions.server.ts";
import { BusinessDetailsForm } from "#app/business/BusinessDetailsForm.tsx";
import { businessFormValues, detailsFrom } from "#app/business/business-form-values.ts";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { field, formFailure } from "#app/forms/form-failure.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import { loginRedirectFor } from "#contract/gate.ts";
import type { Route } from "./+types/business.form";

const title = "Apply as a business";
const intro =
  "Sell tickets for your own events. Apply with your business's name and type, a contact phone number and email address, an address and a short description. Applying needs an account, and makes you a business owner on the free plan.";

export const meta = () => screenMeta(title, intro);

export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const [phone, draft, business] = await Promise.all([
    phoneRegionsFor(server, request),
    server.invoke("businesses.draft", null),
    server.auth ? server.invoke("businesses.mine", null) : null,
  ]);
  return { ...phone, draft, business, signedIn: server.auth !== null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  const form = await request.formData();
  try {
    if (!server.auth) {
      // Applying needs an account: once the fields are right, keep them (HttpOnly cookie,
      // 30 minutes) and come back here after signing in; the loader fills the form again.
      await server.invoke("businesses.keepDraft", detailsFrom(form));
      return redirect(loginRedirectFor("/business/form"));
    }
    const existing = await server.invoke("businesses.mine", null);
    const details = detailsFrom(form);
    if (existing) await server.invoke("businesses.update", details);
    else await server.invoke("businesses.apply", details);
  } catch (error) {
    const { failure, status } = formFailure(error, form);
    return data(failure, { status });
  }
  return redirect(field(form, "intent") === "update" ? "/business?saved=1" : "/business");
}

export default function Page() {
  const { regions, defaultRegion, draft, business, signedIn } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const values = businessFormValues({ failure, draft, business });
  return (
    <Screen title={title} intro={intro}>
      {business ? (
        <Text>
          You own <strong>{business.name}</strong>: change its details below, or go back to{" "}
          <Anchor component={Link} to="/business" underline="always">
            your business console
          </Anchor>
          .
        </Text>
      ) : null}
      {!signedIn ? (
        <FormMessage kind="notice" title="You will need an account">
          Fill in the form now: when you send it, we ask you to sign in or create an account, then
          bring you back here with everything you typed.
        </FormMessage>
      ) : null}
      {draft && signedIn && !business && !failure ? (
        <FormMessage kind="notice">
          Welcome back: here is what you typed. Check it and send the form again.
        </FormMessage>
      ) : null}
      {draft?.descriptionDropped && !business ? (
        <FormMessage kind="notice">
          Your description was too long to keep while you signed in: please type it again.
        </FormMessage>
      ) : null}
      <BusinessDetailsForm
        key={business?.id ?? "new"}
        values={values}
        failure={failure}
        regions={regions}
        defaultRegion={defaultRegion}
        intent={business ? "update" : "apply"}
        submitLabel={business ? "Save details" : signedIn ? "Apply" : "Continue to sign in"}
      />
    </Screen>
  );
}
