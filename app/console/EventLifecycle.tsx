import { Anchor, Group, Stack, Textarea } from "@mantine/core";
import { Link, useFetcher } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import type { IntentResult } from "#app/forms/intent-action.ts";
import type { EventStatus } from "#contract/event-options.ts";
import { ConfirmAction } from "./ConfirmAction.tsx";
import { publishBlockers, unpublishBlockers } from "./lifecycle-blockers.ts";

type Props = {
  status: EventStatus;
  startsAt: string;
  ticketTypeCount: number;
  taken: number;
  /** A priced type is paid by card and the business's Stripe account cannot take charges. */
  cardsWithoutAccount: boolean;
};

/**
 * What the last lifecycle action answered; a full plan points to the upgrade page, an
 * account that cannot take card payments to the payments page.
 */
function LifecycleAnswer({ result }: { result: IntentResult | undefined }) {
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
      {result.reason === "payment-account-needed" ? (
        <Anchor component={Link} to="/business/payments">
          Set up card payments
        </Anchor>
      ) : null}
    </FormMessage>
  );
}

/** Publish, unpublish and cancel, each after a confirmation, with the answer above them. */
export function EventLifecycle({
  status,
  startsAt,
  ticketTypeCount,
  taken,
  cardsWithoutAccount,
}: Props) {
  const fetcher = useFetcher<IntentResult>();
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
            explanation="It appears in discovery and its tickets go on sale, within each ticket type's sales window."
            blockers={publishBlockers({ startsAt, ticketTypeCount, cardsWithoutAccount })}
            confirmLabel="Publish"
          />
        ) : (
          <ConfirmAction
            intent="unpublish"
            fetcher={fetcher}
            buttonLabel="Unpublish"
            title="Unpublish this event?"
            explanation="It leaves discovery and stops selling until you publish it again."
            blockers={unpublishBlockers(taken)}
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
