import { Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { VerdictCard } from "#app/checkin/VerdictCard.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { doorPageLinks } from "#app/door-worker/door-web-manifest.ts";
import { useDoorWorker } from "#app/door-worker/use-door-worker.ts";
import { field, isFunctionError } from "#app/forms/form-failure.ts";
import { foundOr404 } from "#app/loaders/found-or-404.server.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import type { Route } from "./+types/team_coordinator.check_in.ticket_info";

const title = "Ticket check";
const intro =
  "Type the code under a ticket's QR code (or paste a scanned one): the verdict shows the holder, ticket type and event, green when admitted, amber when already in, red when refused.";

export const meta = () => screenMeta(title, intro);

/** The door app's manifest: the door pages install as one app (decision 030). */
export const links = doorPageLinks;

/** `?event={id}`: the event whose door this is (its staff only; anyone else gets the 404). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  requireSignedIn(server, request);
  const eventId = new URL(request.url).searchParams.get("event") ?? "";
  if (!eventId) throw data(null, { status: 404 });
  const stats = await foundOr404(server.invoke("checkin.stats", { eventId }));
  return { event: stats.event, scanId: crypto.randomUUID() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  requireSignedIn(server, request);
  const form = await request.formData();
  const eventId = new URL(request.url).searchParams.get("event") ?? "";
  try {
    const verdict = await foundOr404(
      server.invoke("checkin.scan", {
        eventId,
        code: field(form, "code"),
        deviceId: "typed",
        scanId: field(form, "scanId"),
      }),
    );
    return { verdict, error: null };
  } catch (error) {
    if (isFunctionError(error) && error.status !== "INTERNAL") {
      return data({ verdict: null, error: error.message }, { status: 400 });
    }
    throw error;
  }
}

export default function Page() {
  const { event, scanId } = useLoaderData<typeof loader>();
  useDoorWorker(event?.id ?? null);
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  if (!event) return null;
  const back = `/team_coordinator/check_in/ticket_info?event=${event.id}`;
  return (
    <Screen title={title} intro={`At the door of ${event.title}.`}>
      {answer?.verdict ? (
        <Stack gap="md">
          <VerdictCard verdict={answer.verdict} />
          <Button component={Link} to={back} size="xl" fullWidth>
            Check the next ticket
          </Button>
          <Button
            component={Link}
            to={`/team_coordinator/check_in/scanner/${event.id}`}
            size="lg"
            variant="default"
            fullWidth
          >
            Back to scanning
          </Button>
        </Stack>
      ) : (
        <Form method="post" key={scanId}>
          <Stack gap="md">
            <input type="hidden" name="scanId" value={scanId} />
            <TextInput
              name="code"
              label="Ticket code"
              description="Ten letters and digits, like ABCDE-23456, or a scanned QR code"
              size="lg"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
              maxLength={500}
              error={answer?.error ?? undefined}
            />
            <Button type="submit" size="xl" fullWidth loading={busy}>
              Check the ticket
            </Button>
          </Stack>
        </Form>
      )}
      <Anchor component={Link} to={`/team_coordinator/check_in/${event.id}`}>
        ← Check-in desk
      </Anchor>
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
    </Screen>
  );
}
