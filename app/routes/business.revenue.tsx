import { Anchor } from "@mantine/core";
import { Link, redirect, useLoaderData } from "react-router";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { RevenueOverview } from "#app/revenue/RevenueOverview.tsx";
import { serverContext } from "#app/server-context.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import type { Route } from "./+types/business.revenue";

const title = "Revenue";
const intro =
  "Your business's money at a glance: card payments taken, booking fees, refunds and what you keep, by event, ticket type and day.";

export const meta = () => screenMeta(title, intro);

export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  requireSignedIn(server, request);
  // The console is "my business": without one, the way in is the application form.
  if (!(await server.invoke("businesses.mine", null))) throw redirect("/business/form");
  return { view: await server.invoke("orders.revenue", {}) };
}

export default function Page() {
  const { view } = useLoaderData<typeof loader>();
  return (
    <Screen title={title} intro={intro}>
      <Anchor component={Link} to="/business">
        ← Business console
      </Anchor>
      <RevenueOverview view={view} csvPath="/business/revenue.csv" />
    </Screen>
  );
}
