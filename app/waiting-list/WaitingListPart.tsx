import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { generalMessage } from "#app/forms/form-failure.ts";
import { useSignedInUser } from "#app/session/signed-in-user.ts";
import { useViewerEvent } from "#app/session/use-viewer-event.ts";
import { askViewer } from "#app/session/viewer-store.ts";
import { Button, ButtonLink } from "#app/ui/Button.tsx";
import { NativeSelect } from "#app/ui/fields.tsx";
import { Group, Stack } from "#app/ui/layout.tsx";
import { Text } from "#app/ui/text.tsx";
import type { PublicTicketType } from "#contract/event-page.ts";
import { formatEventTime } from "#contract/event-time.ts";
import { loginRedirectFor } from "#contract/gate.ts";
import { holdPath } from "#contract/paths.ts";
import type { MyWaitingListEntry } from "#contract/waiting-list.ts";
import type { WaitingListAnswer } from "./join-answer.ts";
import classes from "./waiting-list.module.css";
import { joinIntent, leaveIntent } from "./waiting-list-intents.ts";
import { heldForYouText, placeText } from "./waiting-list-text.ts";

type Props = {
  shortId: string;
  /** The event page's own path: where a visitor comes back to after signing in. */
  eventPath: string;
  ticket: PublicTicketType;
  timeZone: string;
};

/**
 * The person's entry on this type's list: what the last form answered until the viewer's
 * part (decision 032: asked again after each answer) has caught up with it, so the form
 * never shows again in between.
 */
function useOwnEntry(shortId: string, ticketTypeId: string, answer: WaitingListAnswer | undefined) {
  const part = useViewerEvent(shortId);
  const [answered, setAnswered] = useState<{ entry: MyWaitingListEntry | null } | null>(null);
  useEffect(() => {
    if (!answer?.ok) return;
    setAnswered({ entry: answer.entry });
    askViewer(shortId);
  }, [answer, shortId]);
  useEffect(() => {
    if (part) setAnswered(null);
  }, [part]);
  const entry = answered
    ? answered.entry
    : (part?.waitingList.find((e) => e.ticketTypeId === ticketTypeId) ?? null);
  return { entry, known: part !== null || answered !== null };
}

/**
 * A ticket type's waiting list on the event page (issue 29): on a sold-out type whose
 * list is open, the way to join it (a visitor signs in first); the person's place on it,
 * or the tickets offered to them, with the way to book or to leave.
 */
export function WaitingListPart({ shortId, eventPath, ticket, timeZone }: Props) {
  const user = useSignedInUser();
  const fetcher = useFetcher<WaitingListAnswer>();
  const answer = fetcher.data?.ticketTypeId === ticket.id ? fetcher.data : undefined;
  const { entry, known } = useOwnEntry(shortId, ticket.id, answer);
  const busy = fetcher.state !== "idle";
  const failure = answer && !answer.ok ? answer.failure : undefined;
  const general = generalMessage(failure);
  const hidden = (
    <>
      <input type="hidden" name="ticketTypeId" value={ticket.id} />
      {entry ? <input type="hidden" name="entryId" value={entry.id} /> : null}
    </>
  );
  const error = general ? <FormMessage kind="error">{general}</FormMessage> : null;

  if (entry) {
    return (
      <fetcher.Form method="post" className={classes.part} data-testid="waiting-list-entry">
        {hidden}
        <Stack gap="xs">
          {entry.status === "offered" && entry.offer ? (
            <Text fw={600}>
              {heldForYouText(entry.offer.quantity)}{" "}
              <time dateTime={entry.offer.expiresAt}>
                {formatEventTime(entry.offer.expiresAt, timeZone, { withZone: true })}
              </time>
              .
            </Text>
          ) : (
            <Text fw={600}>{placeText(entry)}</Text>
          )}
          {error}
          <Group gap="sm">
            {entry.status === "offered" ? (
              <ButtonLink to={holdPath(shortId)}>Book them</ButtonLink>
            ) : null}
            <Button
              type="submit"
              name="intent"
              value={leaveIntent}
              variant="default"
              loading={busy}
            >
              {entry.status === "offered" ? "Let the tickets go" : "Leave the waiting list"}
            </Button>
          </Group>
        </Stack>
      </fetcher.Form>
    );
  }

  if (ticket.notOnSaleReason !== "sold-out" || !ticket.waitingList) return null;

  if (!user) {
    return (
      <Group gap="sm" className={`${classes.part} ${classes.visitorOnly}`}>
        <ButtonLink variant="default" to={loginRedirectFor(eventPath)}>
          Join the waiting list
        </ButtonLink>
        <Text size="sm" c="dimmed">
          Sign in to be offered tickets when some come back.
        </Text>
      </Group>
    );
  }

  return (
    <fetcher.Form
      method="post"
      className={known ? classes.part : `${classes.part} ${classes.pending}`}
      aria-label={`Waiting list for ${ticket.name}`}
    >
      {hidden}
      <Stack gap="xs">
        {error}
        <Group gap="sm" align="flex-end">
          <NativeSelect
            name="quantity"
            label="Tickets wanted"
            defaultValue={failure?.values.quantity ?? "1"}
            error={failure?.fieldErrors.quantity}
            data={Array.from({ length: Math.max(1, ticket.perOrderLimit) }, (_, i) => ({
              value: String(i + 1),
              label: String(i + 1),
            }))}
          />
          <Button type="submit" name="intent" value={joinIntent} loading={busy}>
            Join the waiting list
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          When tickets come back, they are offered in turn and held for you for a while.
        </Text>
      </Stack>
    </fetcher.Form>
  );
}
