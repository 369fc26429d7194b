import { Badge, Button, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import { data, Form } from "react-router";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { serverContext } from "#app/server-context.ts";
import type { Route } from "./+types/dev.outbox";

const title = "Outbox";
const intro =
  "The latest SMS and emails the app queued, newest first. In development nothing is really sent: read sign-in codes here.";

export const meta = () => [...screenMeta(title), { name: "robots", content: "noindex" }];

/**
 * The development outbox (function `dev.outbox`). Where that function refuses (a
 * production deployment), this page answers as for an unknown path.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const to = new URL(request.url).searchParams.get("to")?.trim() || undefined;
  try {
    const { messages } = await context
      .get(serverContext)
      .invoke("dev.outbox", { destination: to, limit: 100 });
    return { messages, to: to ?? "" };
  } catch (error) {
    if ((error as { status?: unknown }).status === "NOT_FOUND") throw data(null, { status: 404 });
    throw error;
  }
}

const statusColor = {
  queued: "blue",
  sent: "green",
  kept: "green",
  failed: "red",
  withheld: "gray",
} as const;

export default function Page({ loaderData }: Route.ComponentProps) {
  const { messages, to } = loaderData;
  return (
    <Screen title={title} intro={intro}>
      <Form method="get">
        <Group align="end">
          <TextInput
            name="to"
            label="Recipient"
            description="A phone number (+33612345678) or an email address, exactly as sent"
            defaultValue={to}
            w={{ base: "100%", sm: "24rem" }}
          />
          <Button type="submit" variant="light">
            Show
          </Button>
        </Group>
      </Form>
      {messages.length === 0 ? (
        <Text>{to ? `No messages to ${to} yet.` : "No messages yet."}</Text>
      ) : (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {messages.length} latest {messages.length === 1 ? "message" : "messages"}
          </Text>
          {/* Cards, not a table: on a phone the message itself is what must fit. */}
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
            {messages.map((message) => (
              <Paper component="li" key={message.id} withBorder p="sm" data-testid="outbox-message">
                <Stack gap={6}>
                  <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                    <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                      <strong>{message.channel === "sms" ? "SMS" : "Email"}</strong> to {message.to}
                      <br />
                      <time dateTime={message.createdAt}>
                        {message.createdAt.replace("T", " ").slice(0, 19)}
                      </time>
                    </Text>
                    <Badge
                      color={statusColor[message.status]}
                      variant="light"
                      style={{ flexShrink: 0 }}
                    >
                      {message.status}
                    </Badge>
                  </Group>
                  {message.subject ? <Text fw={700}>{message.subject}</Text> : null}
                  <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                    {message.text}
                  </Text>
                  {message.error ? (
                    <Text size="sm" c="dimmed">
                      {message.error}
                    </Text>
                  ) : null}
                </Stack>
              </Paper>
            ))}
          </Stack>
        </Stack>
      )}
    </Screen>
  );
}
