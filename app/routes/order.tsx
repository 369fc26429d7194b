import { Anchor, Button, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { data, Link, useFetcher, useLoaderData } from "react-router";
import { OrderList } from "#app/booking/OrderList.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { isFunctionError } from "#app/forms/form-failure.ts";
import { runIntentForm } from "#app/forms/intent-action.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import type { Route } from "./+types/order";

const title = "My orders";
const intro =
  "Your bookings, newest first: booking reference, event, date, tickets, total and status. Open a booking to see its tickets.";

export const meta = () => screenMeta(title, intro);

const pageSize = 20;

/** `?before=…` (the last booking's time) is the next page; a bad one starts from the top. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const before = new URL(request.url).searchParams.get("before") || undefined;
  try {
    return { before, ...(await server.invoke("bookings.listMine", { limit: pageSize, before })) };
  } catch (error) {
    if (!before || !isFunctionError(error) || error.status !== "INVALID_ARGUMENT") throw error;
    return {
      before: undefined,
      ...(await server.invoke("bookings.listMine", { limit: pageSize })),
    };
  }
}

/** "Send my tickets again" on one of the caller's bookings. */
export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  const form = await request.formData();
  const { result, status } = await runIntentForm("resend", form, async () => {
    const sent = await server.invoke("bookings.resend", {
      bookingId: String(form.get("bookingId") ?? ""),
    });
    return sent.channels.includes("email")
      ? "Sent again to your email."
      : "Sent again: see your notifications.";
  });
  return data(result, { status });
}

type Loaded = Route.ComponentProps["loaderData"];

/**
 * "Load more" is a link to the next page (it works without JavaScript); with it, the next
 * page is fetched and added under the ones shown.
 */
function useMoreBookings(loaded: Loaded) {
  const fetcher = useFetcher<Loaded>();
  const [pages, setPages] = useState<Loaded[]>([loaded]);
  useEffect(() => setPages([loaded]), [loaded]);
  useEffect(() => {
    const next = fetcher.data;
    if (next) setPages((shown) => (shown.includes(next) ? shown : [...shown, next]));
  }, [fetcher.data]);
  const last = pages[pages.length - 1] ?? loaded;
  return {
    bookings: pages.flatMap((page) => page.bookings),
    nextBefore: last.nextBefore,
    loading: fetcher.state !== "idle",
    load: (before: string) => fetcher.load(`/order?before=${encodeURIComponent(before)}`),
  };
}

export default function Page() {
  const loaded = useLoaderData<typeof loader>();
  const { bookings, nextBefore, loading, load } = useMoreBookings(loaded);
  if (bookings.length === 0) {
    return (
      <Screen title={title} intro={intro}>
        <Stack gap="xs">
          <Text>{loaded.before ? "No older bookings." : "You have not booked anything yet."}</Text>
          <Anchor component={Link} to="/">
            Find an event
          </Anchor>
        </Stack>
      </Screen>
    );
  }
  return (
    <Screen title={title} intro={intro}>
      {loaded.before ? (
        <Anchor component={Link} to="/order">
          Back to your newest bookings
        </Anchor>
      ) : null}
      <OrderList bookings={bookings} />
      {nextBefore ? (
        <Button
          component={Link}
          to={`/order?before=${encodeURIComponent(nextBefore)}`}
          variant="default"
          loading={loading}
          onClick={(event) => {
            event.preventDefault();
            load(nextBefore);
          }}
        >
          Load more
        </Button>
      ) : null}
    </Screen>
  );
}
