import { Anchor, Badge, Card, Group, Stack, Tabs, Text, Title } from "@mantine/core";
import { data, Link, useActionData, useLoaderData, useSearchParams } from "react-router";
import { alertKindLabels, alertTime } from "#app/alerts/alert-labels.ts";
import { SendAlertForm } from "#app/alerts/SendAlertForm.tsx";
import {
  type AttendeeFormResult,
  AttendeeMessageForm,
  type RecipientPreview,
} from "#app/attendee-messages/AttendeeMessageForm.tsx";
import { holdersText } from "#app/attendee-messages/attendee-message-text.ts";
import { SentAttendeeMessages } from "#app/attendee-messages/SentAttendeeMessages.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { runConsoleForm } from "#app/console/console-form.ts";
import { field, isFunctionError } from "#app/forms/form-failure.ts";
import { type ServerContext, serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import type { Route } from "./+types/business.message";

const title = "Message your teams and attendees";
const intro =
  "Business owners write here to the coordinators of a team, who get the message live as an alert, or to the attendees of an event, who get a notification and, as their settings allow, an email or SMS.";

export const meta = () => screenMeta(title, intro);

export async function loader({ context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  if (!server.auth) return { state: "visitor" as const };
  try {
    const [{ teams }, { items }, attendees] = await Promise.all([
      server.invoke("teams.list", null),
      server.invoke("alerts.sent", null),
      server.invoke("attendeeMessages.list", null),
    ]);
    return { state: "owner" as const, teams, sent: items, attendees };
  } catch (error) {
    if (isFunctionError(error) && error.status === "FAILED_PRECONDITION") {
      return { state: "no-business" as const };
    }
    if (isFunctionError(error) && error.status === "PERMISSION_DENIED") {
      return { state: "suspended" as const };
    }
    throw error;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  requireSignedIn(server, request);
  const form = await request.formData();
  const intent = field(form, "intent");
  if (intent === "preview" || intent === "send") return attendeeAction(server, form, intent);
  const { result, status } = await runConsoleForm("alert", form, async () => {
    const teamIds = form.getAll("teamIds").map(String);
    await server.invoke("alerts.send", {
      teamIds,
      subject: field(form, "subject"),
      body: field(form, "body"),
      urgency: field(form, "urgency") === "urgent" ? "urgent" : "normal",
    });
    return `Sent to ${teamIds.length} ${teamIds.length === 1 ? "team" : "teams"}.`;
  });
  return data(result, { status });
}

/** The attendee form's two buttons: who it would reach, and sending it. */
async function attendeeAction(server: ServerContext, form: FormData, intent: "preview" | "send") {
  const audience = {
    eventId: field(form, "eventId"),
    ticketTypeIds: form.getAll("ticketTypeIds").map(String),
  };
  let preview: RecipientPreview | undefined;
  const { result, status } = await runConsoleForm(intent, form, async () => {
    if (intent === "preview") {
      const found = await server.invoke("attendeeMessages.preview", audience);
      preview = { ...found, ticketTypeIds: audience.ticketTypeIds };
      return "";
    }
    const sent = await server.invoke("attendeeMessages.send", {
      ...audience,
      subject: field(form, "subject"),
      body: field(form, "body"),
    });
    return `Sending to ${holdersText(sent.total)}. Progress shows under Sent messages.`;
  });
  const answer: AttendeeFormResult = preview ? { ...result, preview } : result;
  return data(answer, { status });
}

function BecomeABusiness({ signedIn }: { signedIn: boolean }) {
  return (
    <Text>
      Not a business yet?{" "}
      <Anchor component={Link} to={signedIn ? "/business/form" : "/login?redirect=/business/form"}>
        Apply as a business
      </Anchor>{" "}
      to sell tickets for your own events, form door teams and message them here.
    </Text>
  );
}

export default function Page() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<AttendeeFormResult>();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab =
    searchParams.get("to") === "attendees" ||
    (result && (result.intent === "preview" || result.intent === "send"))
      ? "attendees"
      : "teams";
  if (loaded.state !== "owner") {
    return (
      <Screen title={title} intro={intro}>
        {loaded.state === "suspended" ? (
          <Text>Your business is suspended, so it cannot send messages. Contact support.</Text>
        ) : (
          <BecomeABusiness signedIn={loaded.state === "no-business"} />
        )}
      </Screen>
    );
  }
  const attendeeResult =
    result && (result.intent === "preview" || result.intent === "send") ? result : undefined;
  // A sent message starts a fresh form (the notice stays above it).
  const formKey =
    attendeeResult?.intent === "send" && attendeeResult.ok ? attendeeResult.notice : "";
  return (
    <Screen title={title} intro={intro}>
      <Anchor component={Link} to="/business">
        ← Business console
      </Anchor>
      <Tabs
        value={tab}
        onChange={(value) =>
          setSearchParams(value === "attendees" ? { to: "attendees" } : {}, {
            replace: true,
            preventScrollReset: true,
          })
        }
        keepMounted={false}
      >
        <Tabs.List grow>
          <Tabs.Tab value="teams">Door teams</Tabs.Tab>
          <Tabs.Tab value="attendees">Attendees</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="teams" pt="md">
          <Stack gap="lg">
            <SendAlertForm
              teams={loaded.teams}
              result={result?.intent === "alert" ? result : undefined}
            />
            <SentAlerts sent={loaded.sent} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="attendees" pt="md">
          <Stack gap="lg">
            <AttendeeMessageForm
              key={formKey}
              events={loaded.attendees.events}
              usage={loaded.attendees.usage}
              sms={loaded.attendees.sms}
              result={attendeeResult}
            />
            <SentAttendeeMessages items={loaded.attendees.items} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Screen>
  );
}

type SentAlert = Extract<Awaited<ReturnType<typeof loader>>, { state: "owner" }>["sent"][number];

function SentAlerts({ sent }: { sent: SentAlert[] }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="sent-heading">
      <Title order={2} size="h3" id="sent-heading">
        Sent alerts
      </Title>
      {sent.length === 0 ? (
        <Text c="dimmed">Nothing sent yet.</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {sent.map((alert) => (
            <Card key={alert.id} component="li" withBorder radius="md" padding="sm">
              <Group justify="space-between" gap="xs">
                <Text fw={600}>{alert.subject}</Text>
                <Badge variant="light" color={alert.urgency === "urgent" ? "red" : "blue"}>
                  {alert.urgency === "urgent" ? "Urgent" : alertKindLabels[alert.kind]}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed" suppressHydrationWarning>
                {alertTime(alert.createdAt)} · {alert.teams.join(", ")}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
