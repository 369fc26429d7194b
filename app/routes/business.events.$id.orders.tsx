import { Anchor, Button, Group, Loader, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { Form, Link, useLoaderData, useNavigation } from "react-router";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { consoleLoad } from "#app/console/console-loader.server.ts";
import { OrderList } from "#app/orders/OrderList.tsx";
import { serverContext } from "#app/server-context.ts";
import { type OrderState, orderStateLabels, orderStates } from "#contract/order-view.ts";
import { ordersPath } from "#contract/paths.ts";
import type { Route } from "./+types/business.events.$id.orders";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  screenMeta(loaderData ? `Orders: ${loaderData.view.event.title}` : "Orders");

const isState = (value: string | null): value is OrderState =>
  orderStates.includes(value as OrderState);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const search = new URL(request.url).searchParams;
  const query = search.get("q")?.slice(0, 100) ?? "";
  const state = search.get("state");
  const cursor = search.get("cursor") ?? undefined;
  const view = await consoleLoad(server, request, () =>
    server.invoke("orders.list", {
      eventId: params.id,
      ...(query ? { query } : {}),
      ...(isState(state) ? { payment: state } : {}),
      ...(cursor ? { cursor } : {}),
    }),
  );
  return { view, query, state: isState(state) ? state : "", paged: cursor !== undefined };
}

export default function Page() {
  const { view, query, state, paged } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const base = ordersPath(view.event.id);
  const loading = navigation.state === "loading" && navigation.location.pathname === base;
  const keep = new URLSearchParams({ ...(query ? { q: query } : {}), ...(state ? { state } : {}) });
  const next = view.nextCursor
    ? `${base}?${new URLSearchParams({ ...Object.fromEntries(keep), cursor: view.nextCursor })}`
    : null;
  const filtered = query !== "" || state !== "";
  return (
    <Screen title={`Orders: ${view.event.title}`}>
      <Anchor component={Link} to={`/business/events/${view.event.id}`}>
        ← Back to the event
      </Anchor>
      <Form method="get" role="search" aria-label="Orders">
        <Stack gap="sm">
          <TextInput
            name="q"
            label="Search"
            description="Reference, buyer's name, phone or email"
            defaultValue={query}
            type="search"
          />
          <NativeSelect
            name="state"
            label="State"
            defaultValue={state}
            data={[
              { value: "", label: `All (${view.counts.all})` },
              ...orderStates.map((s) => ({
                value: s,
                label: `${orderStateLabels[s]} (${view.counts[s]})`,
              })),
            ]}
          />
          <Group>
            <Button type="submit">Search</Button>
            {filtered ? (
              <Anchor component={Link} to={base}>
                Clear
              </Anchor>
            ) : null}
          </Group>
        </Stack>
      </Form>
      <Group gap="md">
        <Anchor href={`${base}.csv`} download>
          Download orders (CSV)
        </Anchor>
        <Anchor href={`/business/events/${view.event.id}/attendees.csv`} download>
          Download attendees (CSV)
        </Anchor>
      </Group>
      <Stack gap="sm" aria-busy={loading} aria-live="polite">
        {loading ? (
          <Group gap="xs">
            <Loader size="sm" aria-hidden />
            <Text>Loading orders…</Text>
          </Group>
        ) : null}
        {view.items.length === 0 ? (
          <Text>
            {filtered
              ? "No order matches this search."
              : "No orders yet. They appear here as soon as someone books."}
          </Text>
        ) : (
          <OrderList eventId={view.event.id} timeZone={view.event.timeZone} items={view.items} />
        )}
      </Stack>
      {next || paged ? (
        <Group justify="space-between">
          {paged ? (
            <Anchor component={Link} to={`${base}${keep.size ? `?${keep}` : ""}`}>
              First page
            </Anchor>
          ) : (
            <span />
          )}
          {next ? (
            <Anchor component={Link} to={next}>
              Next page →
            </Anchor>
          ) : null}
        </Group>
      ) : null}
    </Screen>
  );
}
