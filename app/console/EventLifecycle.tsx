import { Anchor, Group, Stack, Textarea } from "@mantine/core";
import { Link, useFetcher } from "react-router";
import { FormMessage } from "~/components/FormMessage";
import type { EventStatus } from "../../server/modules/events/event-options.ts";
import { ConfirmAction } from "./ConfirmAction";
import type { ConsoleResult } from "./console-action";

type Props = { status: EventStatus; ticketTypeCount: number; taken: number };

/** What the last lifecycle action answered; a full plan points to the upgrade page. */
function LifecycleAnswer({ result }: { result: ConsoleResult | undefined }) {
  if (!result) return null;
  if (result.ok) return <FormMessage kind="notice">{result.notice}</FormMessage>;
  return (
    <FormMessage kind="error">
      {result.failure.message}{" "}
      {result.reason === "plan-limit" ? (
        <Anchor component={Link} to="/business/upgrade">
          See the Pro plan
        </Anchor>
      ) : null}
    </FormMessage>
  );
}

/** Publish, unpublish and cancel, each after a confirmation, with the answer above them. */
export function EventLifecycle({ status, ticketTypeCount, taken }: Props) {
  const fetcher = useFetcher<ConsoleResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  if (status === "cancelled") return <LifecycleAnswer result={result} />;
  return (
    <Stack gap="sm">
      <LifecycleAnswer result={result} />
      <Group gap="sm">
        {status === "draft" ? (
          <ConfirmAction
            intent="publish"
            fetcher={fetcher}
            buttonLabel="Publish"
            variant="filled"
            title="Publish this event?"
            explanation={
              ticketTypeCount === 0
                ? "It needs at least one ticket type first: add one below."
                : "It appears in discovery and its tickets go on sale, within each ticket type's sales window."
            }
            confirmLabel="Publish"
          />
        ) : (
          <ConfirmAction
            intent="unpublish"
            fetcher={fetcher}
            buttonLabel="Unpublish"
            title="Unpublish this event?"
            explanation={
              taken > 0
                ? "Tickets have been sold, so it cannot go back to draft: cancel it instead."
                : "It leaves discovery and stops selling until you publish it again."
            }
            confirmLabel="Unpublish"
          />
        )}
        <ConfirmAction
          intent="cancel"
          fetcher={fetcher}
          buttonLabel="Cancel event"
          color="red"
          variant="outline"
          title="Cancel this event for good?"
          explanation="Cancelling cannot be undone. Ticket holders are told, and their bookings are cancelled."
          confirmLabel="Cancel the event"
        >
          <Textarea
            name="reason"
            label="Reason (optional, shown to ticket holders)"
            maxLength={500}
            autosize
            minRows={2}
          />
        </ConfirmAction>
      </Group>
    </Stack>
  );
}
