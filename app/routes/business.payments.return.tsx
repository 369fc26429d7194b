import { Button, Group } from "@mantine/core";
import { Link, useLoaderData } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { consoleLoad } from "#app/console/console-loader.server.ts";
import { accountLookOf } from "#app/payments/payment-account-labels.ts";
import { serverContext } from "#app/server-context.ts";
import type { Route } from "./+types/business.payments.return";

const title = "Back from Stripe";

export const meta = () => screenMeta(title);

/** Stripe's onboarding came back: the account is read again from Stripe (not the webhook). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  return consoleLoad(server, request, () => server.invoke("payments.account", null));
}

export default function Page() {
  const { account } = useLoaderData<typeof loader>();
  const look = accountLookOf(account);
  const done = account?.state === "active";
  const stuck = account?.state === "restricted";
  return (
    <Screen title={title}>
      <FormMessage kind={stuck ? "error" : "notice"} title={`Your Stripe account: ${look.label}`}>
        {look.meaning}
      </FormMessage>
      <Group>
        <Button component={Link} to="/business/payments">
          Back to payments
        </Button>
        {done ? (
          <Button component={Link} to="/business/events" variant="light">
            Your events
          </Button>
        ) : null}
      </Group>
    </Screen>
  );
}
