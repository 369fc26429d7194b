import { Anchor, Card, Stack, Text, Title } from "@mantine/core";
import { Link, useLoaderData } from "react-router";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { Section } from "#app/forms/Section.tsx";
import { foundOr404 } from "#app/loaders/found-or-404.server.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import { TeamEventList } from "#app/teams/TeamEventList.tsx";
import { businessTypes } from "#contract/business-options.ts";
import { formatEventTime } from "#contract/event-time.ts";
import type { Route } from "./+types/team_coordinator.business.$id";

const intro =
  "The business as its coordinators see it: its profile, contacts, upcoming events and teams.";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  screenMeta(loaderData ? loaderData.business.name : "Business", intro);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  requireSignedIn(server, request);
  return foundOr404(server.invoke("teams.business", { businessId: params.id }));
}

const listStyle = { listStyle: "none", padding: 0, margin: 0 } as const;

export default function Page() {
  const { business, events, teams } = useLoaderData<typeof loader>();
  const type = businessTypes.find((t) => t.id === business.type)?.label;
  return (
    <Screen title={business.name} intro={intro}>
      <Anchor component={Link} to="/team_coordinator/team_list">
        ← My teams
      </Anchor>
      <Section id="profile-heading" heading="Profile">
        <Text c="dimmed">{type}</Text>
        {business.description ? (
          <Text style={{ whiteSpace: "pre-line" }}>{business.description}</Text>
        ) : null}
      </Section>
      <Section id="contacts-heading" heading="Contacts">
        <Stack gap={4}>
          <Text>
            Phone: <Anchor href={`tel:${business.contactPhone}`}>{business.contactPhone}</Anchor>
          </Text>
          <Text>
            Email: <Anchor href={`mailto:${business.contactEmail}`}>{business.contactEmail}</Anchor>
          </Text>
          <Text>Address: {business.address}</Text>
        </Stack>
      </Section>
      <Section id="events-heading" heading="Upcoming events">
        {events.length === 0 ? (
          <Text c="dimmed">No upcoming events.</Text>
        ) : (
          <Stack gap="xs" component="ul" style={listStyle}>
            {events.map((event) => (
              <li key={event.id}>
                <Anchor component={Link} to={`/${event.shortId}`} fw={600}>
                  {event.title}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {formatEventTime(event.startsAt, event.timeZone)} · {event.venueName}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Section>
      <Section id="teams-heading" heading="Your teams here">
        {teams.map((team) => (
          <Card key={team.id} withBorder radius="md" padding="md">
            <Stack gap="xs">
              <Title order={3} size="h4">
                {team.name}
              </Title>
              <TeamEventList events={team.events} />
              {team.role === "staff" ? null : (
                <Anchor component={Link} to={`/team_coordinator/report/${team.id}`} size="sm">
                  Report for {team.name}
                </Anchor>
              )}
            </Stack>
          </Card>
        ))}
      </Section>
    </Screen>
  );
}
