import { Badge, Button, Group, Table, Text, TextInput } from "@mantine/core";
import { data, Form } from "react-router";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";
import { serverContext } from "~/server-context";
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

const statusColor = { queued: "blue", sent: "green", failed: "red" } as const;

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
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="sm">
            <Table.Caption>
              {messages.length} latest {messages.length === 1 ? "message" : "messages"}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Time</Table.Th>
                <Table.Th scope="col">Channel</Table.Th>
                <Table.Th scope="col">To</Table.Th>
                <Table.Th scope="col">Message</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {messages.map((message) => (
                <Table.Tr key={message.id} data-testid="outbox-message">
                  <Table.Td>
                    <time dateTime={message.createdAt}>
                      {message.createdAt.replace("T", " ").slice(0, 19)}
                    </time>
                  </Table.Td>
                  <Table.Td>{message.channel === "sms" ? "SMS" : "Email"}</Table.Td>
                  <Table.Td>{message.to}</Table.Td>
                  <Table.Td>
                    {message.subject ? <Text fw={700}>{message.subject}</Text> : null}
                    <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                      {message.text}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={statusColor[message.status]} variant="light">
                      {message.status}
                    </Badge>
                    {message.error ? (
                      <Text size="sm" c="dimmed">
                        {message.error}
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Screen>
  );
}
