import { Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useLoaderData } from "react-router";
import { PageLinks } from "#app/components/PageLinks.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { consoleLoad } from "#app/console/console-loader.server.ts";
import { EventList } from "#app/console/EventList.tsx";
import { serverContext } from "#app/server-context.ts";
import type { Route } from "./+types/business.events._index";

const title = "Your events";
const intro = "Drafts, published and cancelled events of your business, newest first.";

export const meta = () => screenMeta(title, intro);

export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const asked = Number(new URL(request.url).searchParams.get("page") ?? 1);
  const page = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, 10_000) : 1;
  return consoleLoad(server, request, () => server.invoke("events.listMine", { page }));
}

function EmptyState() {
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack align="center" gap="sm" ta="center">
        <Title order={2} size="h3">
          No events yet
        </Title>
        <Text c="dimmed" maw="28rem">
          Create a draft, add ticket types, then publish it when you are ready to sell.
        </Text>
        <Button component={Link} to="/business/events/new" size="md">
          Create your first event
        </Button>
      </Stack>
    </Card>
  );
}

export default function Page() {
  const { events, page, pageCount, total } = useLoaderData<typeof loader>();
  return (
    <Screen title={title} intro={intro}>
      <Group justify="space-between">
        <Anchor component={Link} to="/business">
          ← Business console
        </Anchor>
        {total > 0 ? (
          <Button component={Link} to="/business/events/new">
            Create an event
          </Button>
        ) : null}
      </Group>
      {total === 0 ? (
        <EmptyState />
      ) : events.length === 0 ? (
        <Text>
          This page is past the end of your events.{" "}
          <Anchor component={Link} to="?page=1">
            Go to the first page
          </Anchor>
          .
        </Text>
      ) : (
        <EventList events={events} />
      )}
      <PageLinks
        page={page}
        pageCount={pageCount}
        hrefFor={(n) => `?page=${n}`}
        label="Pages of events"
      />
    </Screen>
  );
}
