import { Anchor, Badge, Button, Group, Stack, Text } from "@mantine/core";
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
} from "react-router";
import { EventHeader } from "#app/booking/EventHeader.tsx";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { formFailure } from "#app/forms/form-failure.ts";
import { foundOr404 } from "#app/loaders/found-or-404.server.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import { DoorTicket } from "#app/tickets/DoorTicket.tsx";
import { ticketStatusText } from "#app/tickets/ticket-labels.ts";
import { loginRedirectFor } from "#contract/gate.ts";
import { ticketPath } from "#contract/paths.ts";
import type { Route } from "./+types/ticket.$id";

const title = "Ticket";

export const meta = () => screenMeta(title, "A ticket shared with you.");

function shareTokenOf(request: Request): string | undefined {
  return new URL(request.url).searchParams.get("s")?.slice(0, 100) || undefined;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const shareToken = shareTokenOf(request);
  const shared = await foundOr404(
    server.invoke("tickets.shared", { ticketId: params.id, shareToken }),
  );
  const here = new URL(request.url);
  return {
    shared,
    signedIn: server.auth !== null,
    signIn: loginRedirectFor(here.pathname + here.search),
    register: `/register?redirect=${encodeURIComponent(here.pathname + here.search)}`,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  const shareToken = shareTokenOf(request);
  if (!server.auth || !shareToken) throw data(null, { status: 404 });
  const form = await request.formData();
  try {
    await server.invoke("tickets.claim", { ticketId: params.id, shareToken });
  } catch (error) {
    const { failure, status } = formFailure(error, form);
    return data(failure, { status });
  }
  return redirect(ticketPath(params.id));
}

export default function Page() {
  const { shared, signedIn, signIn, register } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  return (
    <Screen title={title}>
      <EventHeader event={shared.event} href={`/${shared.event.shortId}`} />
      <Group gap="xs">
        <Text>Status:</Text>
        <Badge variant="light" color={shared.status === "valid" ? "green" : "gray"}>
          {ticketStatusText[shared.status] ?? shared.status}
        </Badge>
      </Group>
      {failure ? <FormMessage kind="error">{failure.message}</FormMessage> : null}
      {shared.claimable ? (
        <FormMessage kind="notice" title="This ticket was given to you">
          {signedIn
            ? "Add it to your account to keep it in your wallet. The QR below works until then, and changes once it is yours."
            : "Sign in or create an account to keep it in your wallet."}
        </FormMessage>
      ) : null}
      {shared.claimable && signedIn ? (
        <Form method="post">
          <Button type="submit" loading={submitting}>
            Add to my account
          </Button>
        </Form>
      ) : null}
      {shared.claimable && !signedIn ? (
        <Group gap="sm">
          <Button component={Link} to={signIn}>
            Sign in to claim
          </Button>
          <Button component={Link} to={register} variant="default">
            Create an account
          </Button>
        </Group>
      ) : null}
      {shared.ticket ? (
        <Stack gap="sm">
          <DoorTicket ticket={shared.ticket} />
          {!shared.claimable ? (
            <Anchor component={Link} to={ticketPath(shared.id)}>
              Open it in your wallet
            </Anchor>
          ) : null}
        </Stack>
      ) : null}
    </Screen>
  );
}
