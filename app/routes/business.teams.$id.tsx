import { Anchor, Button, Group, Stack, TextInput } from "@mantine/core";
import { data, Link, useFetcher, useLoaderData } from "react-router";
import { phoneRegionsFor } from "#app/accounts/phone-regions.server.ts";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { ConfirmAction } from "#app/console/ConfirmAction.tsx";
import { consoleLoad } from "#app/console/console-loader.server.ts";
import type { IntentResult } from "#app/forms/intent-action.ts";
import { Section } from "#app/forms/Section.tsx";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import { AddMemberForm } from "#app/teams/AddMemberForm.tsx";
import { TeamEventsForm } from "#app/teams/TeamEventsForm.tsx";
import { TeamMembers } from "#app/teams/TeamMembers.tsx";
import { runTeamIntent } from "#app/teams/team-console-action.server.ts";
import type { Route } from "./+types/business.teams.$id";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  screenMeta(loaderData ? `Team ${loaderData.team.name}` : "Team");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const team = await consoleLoad(server, request, () =>
    server.invoke("teams.get", { teamId: params.id }),
  );
  return {
    team,
    ...(await phoneRegionsFor(server, request)),
    created: new URL(request.url).searchParams.has("created"),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  requireSignedIn(server, request);
  const { result, status } = await runTeamIntent(server, params.id, await request.formData());
  return data(result, { status });
}

function RenameForm({ name }: { name: string }) {
  const fetcher = useFetcher<IntentResult>();
  const result = fetcher.data;
  const failure = result && !result.ok ? result.failure : undefined;
  return (
    <fetcher.Form method="post" aria-labelledby="name-heading">
      <input type="hidden" name="intent" value="rename" />
      <Stack gap="xs">
        {result?.ok ? <FormMessage kind="notice">{result.notice}</FormMessage> : null}
        <Group align="flex-end" gap="sm">
          <TextInput
            name="name"
            label="Team name"
            required
            maxLength={80}
            defaultValue={failure?.values.name ?? name}
            error={failure?.fieldErrors.name}
            style={{ flex: "1 1 16rem" }}
          />
          <Button type="submit" variant="default" loading={fetcher.state !== "idle"}>
            Rename
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}

function DeleteTeam({ name }: { name: string }) {
  const fetcher = useFetcher<IntentResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <Stack gap="sm">
      {result && !result.ok ? (
        <FormMessage kind="error">{result.failure.message}</FormMessage>
      ) : null}
      <Group>
        <ConfirmAction
          intent="delete"
          fetcher={fetcher}
          buttonLabel="Delete team"
          color="red"
          variant="outline"
          title={`Delete ${name}?`}
          explanation="Its members lose access to its events at once and its invitations stop working. A team that works at an event that has not ended cannot be deleted."
          confirmLabel="Delete the team"
        />
      </Group>
    </Stack>
  );
}

export default function Page() {
  const { team, regions, defaultRegion, created } = useLoaderData<typeof loader>();
  return (
    <Screen title={team.name} intro={`Door staff of ${team.business.name}`}>
      <Group justify="space-between" gap="sm">
        <Anchor component={Link} to="/business/teams">
          ← Your teams
        </Anchor>
        <Anchor component={Link} to={`/team_coordinator/report/${team.id}`}>
          Report for {team.name}
        </Anchor>
      </Group>
      {created ? (
        <FormMessage kind="notice">
          Team created. Add people by phone or email, then choose its events.
        </FormMessage>
      ) : null}
      <Section id="members-heading" heading="Members">
        <TeamMembers members={team.members} invitations={team.invitations} />
      </Section>
      <Section id="add-heading" heading="Add someone">
        <AddMemberForm regions={regions} defaultRegion={defaultRegion} />
      </Section>
      <Section id="events-heading" heading="Events">
        <TeamEventsForm choices={team.eventChoices} assigned={team.events.map((e) => e.id)} />
      </Section>
      <Section id="name-heading" heading="Name">
        <RenameForm name={team.name} />
      </Section>
      <Section id="delete-heading" heading="Delete">
        <DeleteTeam name={team.name} />
      </Section>
    </Screen>
  );
}
