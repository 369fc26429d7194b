import { Anchor, Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useLoaderData } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import { TeamEventList } from "#app/teams/TeamEventList.tsx";
import { roleLabels } from "#app/teams/team-labels.ts";
import type { Route } from "./+types/team_coordinator.team_list";

const title = "My teams";
const intro =
  "The door teams you are in and your role in each, with the team's business and events (today's first) and the check-in desk; coordinators also find the team's report and the business.";

export const meta = () => screenMeta(title, intro);

export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  requireSignedIn(server, request);
  const { teams } = await server.invoke("teams.mine", null);
  return { teams, joined: new URL(request.url).searchParams.get("joined") };
}

function HowToJoin() {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="xs">
        <Title order={2} size="h3">
          You are not in a team yet
        </Title>
        <Text>
          Door teams are formed by businesses. Ask the organiser to add you by your phone number or
          email address: if it is the one on your account you join at once, otherwise you get an SMS
          or email with a link. Open the link while signed in with that phone or email.
        </Text>
        <Text>
          Running events yourself?{" "}
          <Anchor component={Link} to="/business/teams">
            Form a team in your business console
          </Anchor>
          .
        </Text>
      </Stack>
    </Card>
  );
}

export default function Page() {
  const { teams, joined } = useLoaderData<typeof loader>();
  const joinedTeam = teams.find((team) => team.id === joined);
  return (
    <Screen title={title} intro={intro}>
      {joinedTeam ? (
        <FormMessage kind="notice">
          Welcome to {joinedTeam.name} of {joinedTeam.business.name}.
        </FormMessage>
      ) : null}
      {teams.length === 0 ? <HowToJoin /> : null}
      {teams.map((team) => (
        <Card
          key={team.id}
          withBorder
          radius="md"
          padding="lg"
          component="section"
          aria-labelledby={`team-${team.id}`}
        >
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start">
              <Stack gap={2}>
                <Title order={2} size="h3" id={`team-${team.id}`}>
                  {team.name}
                </Title>
                {team.role === "coordinator" ? (
                  <Anchor component={Link} to={`/team_coordinator/business/${team.business.id}`}>
                    {team.business.name}
                  </Anchor>
                ) : (
                  <Text c="dimmed">{team.business.name}</Text>
                )}
              </Stack>
              <Badge variant="light">{roleLabels[team.role]}</Badge>
            </Group>
            <TeamEventList events={team.events} />
            {team.role === "coordinator" ? (
              <Anchor component={Link} to={`/team_coordinator/report/${team.id}`}>
                Report for {team.name}
              </Anchor>
            ) : null}
          </Stack>
        </Card>
      ))}
    </Screen>
  );
}
