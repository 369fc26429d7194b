import { Anchor, Button, Grid, Paper, Stack, Text, Title } from "@mantine/core";
import { Form, Link, redirect, useLoaderData, useNavigation } from "react-router";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { isFunctionError } from "#app/forms/form-failure.ts";
import { foundOr404 } from "#app/loaders/found-or-404.server.ts";
import { NotificationList } from "#app/notifications/NotificationList.tsx";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import { formatEventTime } from "#contract/event-time.ts";
import type { Route } from "./+types/notification.$id";

const title = "Notifications";

export const meta = () =>
  screenMeta(title, "A notification, marked read, beside all your notifications, newest first.");

/** `latest` (where the header bell points) is not an id: the newest notification. */
const LATEST = "latest";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const cursor = new URL(request.url).searchParams.get("cursor")?.slice(0, 200) || undefined;
  const list = await server
    .invoke("notifications.list", { cursor })
    .catch(async (error: unknown) => {
      // A spoilt page link starts from the top instead of failing.
      if (cursor && isFunctionError(error) && error.status === "INVALID_ARGUMENT") {
        return server.invoke("notifications.list", {});
      }
      throw error;
    });
  if (params.id === LATEST) {
    const newest = list.items[0];
    if (newest && !cursor) throw redirect(`/notification/${newest.id}`);
    return { current: null, list, cursor };
  }
  const current = await foundOr404(server.invoke("notifications.get", { id: params.id }));
  // The list was read before this one was marked read: show it read.
  const items = list.items.map((item) => (item.id === current.id ? { ...item, read: true } : item));
  return { current, list: { ...list, items }, cursor };
}

export async function action({ context, params }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  await server.invoke("notifications.markAllRead", null);
  return redirect(`/notification/${params.id}`);
}

export default function Page() {
  const { current, list } = useLoaderData<typeof loader>();
  const submitting = useNavigation().state === "submitting";
  // A notification about an event reads in the event's zone, like every other page; one
  // about none in UTC, the same on the server render and in the browser.
  const zone = "UTC";
  const anyUnread = list.items.some((item) => !item.read);
  return (
    <Screen title={title}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          {current ? (
            <Paper withBorder p="md" component="article" aria-labelledby="notification-title">
              <Stack gap="xs">
                <Title order={2} size="h3" id="notification-title">
                  {current.title}
                </Title>
                <Text size="sm" c="dimmed">
                  {formatEventTime(current.createdAt, current.timeZone ?? zone, { withZone: true })}
                </Text>
                <Text style={{ whiteSpace: "pre-line" }}>{current.body}</Text>
                {current.link ? (
                  <Anchor component={Link} to={current.link}>
                    Open
                  </Anchor>
                ) : null}
              </Stack>
            </Paper>
          ) : (
            <Text>
              {list.items.length === 0
                ? "You have no notifications yet."
                : "Choose a notification."}
            </Text>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm" component="section" aria-labelledby="all-heading">
            <Title order={2} size="h4" id="all-heading">
              All notifications
            </Title>
            {anyUnread ? (
              <Form method="post">
                <Button type="submit" variant="default" size="xs" loading={submitting}>
                  Mark all as read
                </Button>
              </Form>
            ) : null}
            <NotificationList items={list.items} currentId={current?.id ?? null} timeZone={zone} />
            {list.nextCursor ? (
              <Anchor
                component={Link}
                to={`/notification/${current?.id ?? LATEST}?cursor=${encodeURIComponent(list.nextCursor)}`}
              >
                Older notifications
              </Anchor>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Screen>
  );
}
