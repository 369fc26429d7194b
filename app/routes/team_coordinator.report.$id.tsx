import { Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useLoaderData, useRevalidator } from "react-router";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { foundOr404 } from "#app/loaders/found-or-404.server.ts";
import { useLiveMessages } from "#app/realtime/live-stream.ts";
import { EventReport } from "#app/report/EventReport.tsx";
import { serverContext } from "#app/server-context.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import type { Route } from "./+types/team_coordinator.report.$id";

const title = "Team report";
const intro =
  "This team's report: for each event, tickets sold, checked in and not yet in; check-ins over time, by ticket type and by staff member; and a CSV export.";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  screenMeta(loaderData ? `${title}: ${loaderData.report.team.name}` : title, intro);

/** The team's coordinators and its business's owner; anyone else: the 404 page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  requireSignedIn(server, request);
  const report = await foundOr404(server.invoke("checkin.report", { teamId: params.id }));
  return { report };
}

function NothingAssigned({ teamId, owner }: { teamId: string; owner: boolean }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="xs">
        <Title order={2} size="h3">
          No events for this team yet
        </Title>
        <Text>
          The report fills in once the team is assigned to an event and its guests start coming in.
        </Text>
        {owner ? (
          <Anchor component={Link} to={`/business/teams/${teamId}`}>
            Assign events to the team
          </Anchor>
        ) : (
          <Text>The business owner assigns the team's events.</Text>
        )}
      </Stack>
    </Card>
  );
}

export default function Page() {
  const { report } = useLoaderData<typeof loader>();
  const owner = report.role === "owner";
  const revalidator = useRevalidator();
  // A door device admitted or undid someone at one of these events: fetch the figures
  // again (a newer revalidation replaces one still under way).
  useLiveMessages(["door-checkin"], (message) => {
    const eventId = (message.payload as { eventId?: string }).eventId;
    if (report.events.some((event) => event.id === eventId)) void revalidator.revalidate();
  });
  return (
    <Screen title={title} intro={`${report.team.name} · ${report.business.name}`}>
      <Group justify="space-between" gap="sm">
        {owner ? (
          <Anchor component={Link} to={`/business/teams/${report.team.id}`}>
            ← Team {report.team.name}
          </Anchor>
        ) : (
          <Anchor component={Link} to="/team_coordinator/team_list">
            ← My teams
          </Anchor>
        )}
        {report.events.length > 0 ? (
          // A plain link: the browser downloads the file (no client-side navigation).
          <Button
            component="a"
            href={`/team_coordinator/report/${report.team.id}/check-ins.csv`}
            download
            variant="light"
          >
            Download CSV
          </Button>
        ) : null}
      </Group>
      {report.events.length === 0 ? (
        <NothingAssigned teamId={report.team.id} owner={owner} />
      ) : (
        report.events.map((event) => <EventReport key={event.id} event={event} />)
      )}
    </Screen>
  );
}
