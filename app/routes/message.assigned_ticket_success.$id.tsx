import { Anchor, Button, Stack, Text } from "@mantine/core";
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
} from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { formFailure } from "#app/forms/form-failure.ts";
import { foundOr404 } from "#app/loaders/found-or-404.server.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import { channelText } from "#app/tickets/ticket-labels.ts";
import { ticketPath } from "#contract/paths.ts";
import type { Route } from "./+types/message.assigned_ticket_success.$id";

const title = "Ticket given";

export const meta = () =>
  screenMeta(
    title,
    "Who received your ticket, how they were told, and an undo while it is unused.",
  );

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const assignment = await foundOr404(server.invoke("tickets.assignment", { ticketId: params.id }));
  return { assignment, undone: new URL(request.url).searchParams.has("undone") };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  const form = await request.formData();
  try {
    await server.invoke("tickets.undoAssign", { ticketId: params.id });
  } catch (error) {
    const { failure, status } = formFailure(error, form);
    if (failure.status === "NOT_FOUND") throw data(null, { status: 404 });
    return data(failure, { status });
  }
  return redirect(ticketPath(params.id));
}

export default function Page() {
  const { assignment } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const undone = assignment.status === "undone";
  return (
    <Screen title={undone ? "Ticket taken back" : title}>
      {undone ? (
        <FormMessage kind="notice">
          You took this ticket back from {assignment.recipientName}.
        </FormMessage>
      ) : (
        <FormMessage
          kind="notice"
          title={`${assignment.recipientName} has your ticket for ${assignment.eventTitle}`}
        >
          {assignment.channel === "account"
            ? `It is ${channelText.account}.`
            : `We sent it to ${assignment.destination} ${channelText[assignment.channel]}.`}{" "}
          Your own QR code for it no longer works.
        </FormMessage>
      )}
      {assignment.status === "claimed" ? (
        <Text>{assignment.recipientName} has claimed the ticket into their account.</Text>
      ) : null}
      {failure ? <FormMessage kind="error">{failure.message}</FormMessage> : null}
      {assignment.canUndo ? (
        <Form method="post">
          <Stack gap="xs" maw="32rem">
            <Text>Changed your mind? Until they use it, you can take the ticket back.</Text>
            <Button type="submit" variant="outline" loading={submitting} w="fit-content">
              Undo: take the ticket back
            </Button>
          </Stack>
        </Form>
      ) : null}
      <Stack gap={4}>
        <Anchor component={Link} to="/upcomming">
          Your upcoming tickets
        </Anchor>
      </Stack>
    </Screen>
  );
}
