import { Anchor, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { runConsoleForm } from "#app/console/console-form.ts";
import { consoleLoad } from "#app/console/console-loader.server.ts";
import { field } from "#app/forms/form-failure.ts";
import type { IntentResult } from "#app/forms/intent-action.ts";
import { useSubmitting } from "#app/forms/use-submitting.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import { teamCountsText, teamUsageText } from "#app/teams/team-labels.ts";
import type { Route } from "./+types/business.teams._index";

const title = "Your teams";
const intro =
  "Door staff of your business: a team has coordinators and staff and works at the events you assign to it.";

export const meta = () => screenMeta(title, intro);

export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  return consoleLoad(server, request, () => server.invoke("teams.list", null));
}

export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  requireSignedIn(server, request);
  const form = await request.formData();
  const created: { teamId?: string } = {};
  const { result, status } = await runConsoleForm("create", form, async () => {
    created.teamId = (await server.invoke("teams.create", { name: field(form, "name") })).teamId;
    return "Created.";
  });
  if (created.teamId) throw redirect(`/business/teams/${created.teamId}?created`);
  return data(result, { status });
}

function CreateTeamForm({ result }: { result: IntentResult | undefined }) {
  const submitting = useSubmitting();
  const failure = result && !result.ok ? result.failure : undefined;
  return (
    <Form method="post" aria-labelledby="new-team-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="new-team-heading">
          New team
        </Title>
        {failure && !failure.fieldErrors.name ? (
          <FormMessage kind="error">
            {failure.message}{" "}
            {result && !result.ok && result.reason === "plan-limit" ? (
              <Anchor component={Link} to="/business/upgrade">
                See the Pro plan
              </Anchor>
            ) : null}
          </FormMessage>
        ) : null}
        <Group align="flex-end" gap="sm">
          <TextInput
            name="name"
            label="Team name"
            description="For example: Front door, Saturday crew."
            required
            maxLength={80}
            defaultValue={failure?.values.name ?? ""}
            error={failure?.fieldErrors.name}
            style={{ flex: "1 1 16rem" }}
          />
          <Button type="submit" loading={submitting}>
            Create team
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

export default function Page() {
  const { teams, usage, plan } = useLoaderData<typeof loader>();
  const result = useActionData<IntentResult>();
  const full = usage.limit !== null && usage.teams >= usage.limit;
  return (
    <Screen title={title} intro={intro}>
      <Anchor component={Link} to="/business">
        ← Business console
      </Anchor>
      <Text data-testid="team-usage">
        {teamUsageText(usage)}
        {full && plan === "free" ? (
          <>
            {" "}
            <Anchor component={Link} to="/business/upgrade">
              Upgrade to Pro for more teams
            </Anchor>
          </>
        ) : null}
      </Text>
      <CreateTeamForm result={result} />
      {teams.length === 0 ? (
        <Card withBorder radius="md" padding="lg">
          <Text>
            No teams yet. Create one, add people by phone or email, then assign it to your events:
            its members see them under My teams and check tickets in at the door.
          </Text>
        </Card>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {teams.map((team) => (
            <Card key={team.id} component="li" withBorder radius="md" padding="md">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={4}>
                  <Anchor component={Link} to={`/business/teams/${team.id}`} fw={600} size="lg">
                    {team.name}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {teamCountsText(team)}
                  </Text>
                </Stack>
                {team.pendingInvitations > 0 ? (
                  <Badge variant="light">{team.pendingInvitations} invited</Badge>
                ) : null}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Screen>
  );
}
