import { redirect } from "react-router";
import { consoleLoad } from "#app/console/console-loader.server.ts";
import { isFunctionError } from "#app/forms/form-failure.ts";
import { serverContext } from "#app/server-context.ts";
import type { Route } from "./+types/business.payments.refresh";

/**
 * Stripe sends the organiser here when an onboarding link expired or was used: a new
 * link, and straight back to Stripe. When none can be made (cards off, Stripe out of
 * reach), the payments page says why.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const link = await consoleLoad(server, request, () =>
    server.invoke("payments.connectAccount", null).catch((error: unknown) => {
      if (!isFunctionError(error)) throw error;
      const reason = (error.details as { reason?: unknown } | undefined)?.reason;
      if (reason === "card-payments-off" || error.status === "UNAVAILABLE") return null;
      throw error;
    }),
  );
  throw redirect(link ? link.url : "/business/payments");
}
