import { Anchor, Button, Card, Group, Stack, Text } from "@mantine/core";
import { Link, redirect, useLoaderData } from "react-router";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { isFunctionError } from "#app/forms/form-failure.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import { teamListPath } from "#contract/paths.ts";
import type { Route } from "./+types/team_coordinator.join.$token";

const title = "Join a team";

export const meta = () => screenMeta(title);

/**
 * Opening an invitation's link joins its team (when signed in with the invited phone or
 * email) and goes to the team list; otherwise says why not and what to do.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  requireSignedIn(server, request);
  try {
    const joined = await server.invoke("teams.acceptInvitation", { token: params.token });
    throw redirect(`${teamListPath}?joined=${encodeURIComponent(joined.teamId)}`);
  } catch (error) {
    if (!isFunctionError(error)) throw error;
    const reason = (error.details as { reason?: string } | undefined)?.reason ?? "invalid";
    if (error.status === "RESOURCE_EXHAUSTED") return { reason: "busy", message: error.message };
    if (error.status === "NOT_FOUND" || error.status === "INVALID_ARGUMENT") {
      return {
        reason: "invalid",
        message: "This invitation link is not valid. Check that it was copied whole.",
      };
    }
    if (error.status !== "FAILED_PRECONDITION") throw error;
    return { reason, message: error.message };
  }
}

export default function Page() {
  const { reason, message } = useLoaderData<typeof loader>();
  return (
    <Screen title={title}>
      <Card withBorder radius="md" padding="lg" role="alert">
        <Stack gap="sm">
          <Text>{message}</Text>
          {reason === "other-identity" ? (
            <Text>
              You can sign out and sign in with that account, or create one with that phone number
              and open the link again.
            </Text>
          ) : null}
          <Group>
            <Button component={Link} to={teamListPath} variant="default">
              My teams
            </Button>
            <Anchor component={Link} to="/">
              Events
            </Anchor>
          </Group>
        </Stack>
      </Card>
    </Screen>
  );
}
