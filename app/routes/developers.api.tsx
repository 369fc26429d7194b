import { useLoaderData } from "react-router";
import { ApiReference } from "#app/api-reference/ApiReference.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { serverContext } from "#app/server-context.ts";
import type { Route } from "./+types/developers.api";

const title = "API reference";
const intro =
  "The functions your own systems may call with an API key, what each takes and what it answers, generated from the functions themselves, and the webhooks we send them.";

export const meta = () => screenMeta(title, intro);

/** Public: anyone may read how to call the API, signed in or not. */
export async function loader({ context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const { functions, webhooks } = await server.invoke("api.reference", null);
  return { functions, webhooks };
}

export default function Page() {
  const { functions, webhooks } = useLoaderData<typeof loader>();
  return (
    <Screen title={title} intro={intro}>
      <ApiReference functions={functions} webhooks={webhooks} />
    </Screen>
  );
}
