import { Anchor, Text } from "@mantine/core";
import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { consoleLoad } from "#app/console/console-loader.server.ts";
import { formFailure } from "#app/forms/form-failure.ts";
import { INVOICES_INTENT, InvoiceSettingsForm } from "#app/invoices/InvoiceSettingsForm.tsx";
import { saveInvoiceSettings } from "#app/invoices/invoice-settings-action.server.ts";
import { PaymentAccountCard } from "#app/payments/PaymentAccountCard.tsx";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import type { Route } from "./+types/business.payments";

const title = "Payments";
const intro =
  "Take card payments for your tickets: connect your business's Stripe account, and the money from each sale goes straight to it.";

export const meta = () => screenMeta(title, intro);

export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  return consoleLoad(server, request, async () => ({
    ...(await server.invoke("payments.account", null)),
    invoices: await server.invoke("invoices.settings", null),
  }));
}

/** "Connect with Stripe" / "Continue setup": a fresh onboarding link, and off to Stripe. */
export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  requireSignedIn(server, request);
  const form = await request.formData();
  if (form.get("intent") === INVOICES_INTENT) {
    const { result, status } = await saveInvoiceSettings(server, form);
    return data({ message: null, invoices: result }, { status });
  }
  let url: string;
  try {
    ({ url } = await server.invoke("payments.connectAccount", null));
  } catch (error) {
    const { failure, status } = formFailure(error, form);
    return data({ message: failure.message, invoices: undefined }, { status });
  }
  throw redirect(url);
}

export default function Page() {
  const view = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <Screen title={title} intro={intro}>
      {refused?.message ? <FormMessage kind="error">{refused.message}</FormMessage> : null}
      <PaymentAccountCard cardPayments={view.cardPayments} account={view.account} />
      <Text size="sm" c="dimmed">
        Buyers pay on Stripe's own page: no card details pass through this site. Each ticket type is
        paid at the venue or by card; choose it in{" "}
        <Anchor component={Link} to="/business/events" underline="always">
          your events
        </Anchor>
        .
      </Text>
      <InvoiceSettingsForm settings={view.invoices} result={refused?.invoices} />
    </Screen>
  );
}
