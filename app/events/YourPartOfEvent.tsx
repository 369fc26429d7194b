import { useEffect, useState } from "react";
import { useViewerEvent } from "#app/session/use-viewer-event.ts";
import { Paper, Stack } from "#app/ui/layout.tsx";
import { AnchorLink, Text } from "#app/ui/text.tsx";
import { eventTicketsPath } from "#contract/paths.ts";

const tickets = (count: number) => `${count} ${count === 1 ? "ticket" : "tickets"}`;

/** The hold's end on the reader's own clock: "21:42". */
const clock = (at: string) =>
  new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" }).format(new Date(at));

/** Whether an instant has passed; checked again when it does, so a lapsed hold goes away. */
function usePassed(at: string | null): boolean {
  const [passed, setPassed] = useState(() => at !== null && Date.parse(at) <= Date.now());
  useEffect(() => {
    if (at === null) return;
    const left = Date.parse(at) - Date.now();
    setPassed(left <= 0);
    if (left <= 0) return;
    const timer = window.setTimeout(() => setPassed(true), Math.min(left, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [at]);
  return passed;
}

/**
 * On an event's page, the signed-in person's own part (decision 032): the tickets they are
 * holding, with the way back to finish booking, and the tickets they have. Nothing for a
 * visitor or someone with neither; it arrives after the shared page, in its own request.
 */
export function YourPartOfEvent({ shortId }: { shortId: string }) {
  const part = useViewerEvent(shortId);
  const holdEnded = usePassed(part?.hold?.expiresAt ?? null);
  // A waiting list's offer is a hold too: its ticket type's card says so, with its way on.
  const offered = part?.waitingList.some((entry) => entry.status === "offered") ?? false;
  const hold = part?.hold && !holdEnded && !offered ? part.hold : null;
  if (!part || (!hold && part.ticketCount === 0)) return null;
  return (
    <Paper p="md" component="section" aria-label="Your tickets" data-testid="your-part">
      <Stack gap="xs">
        {hold ? (
          <Text>
            You are holding {tickets(hold.ticketCount)} until{" "}
            <time dateTime={hold.expiresAt}>{clock(hold.expiresAt)}</time>.{" "}
            <AnchorLink to={`/booking/${shortId}`}>Finish booking</AnchorLink>
          </Text>
        ) : null}
        {part.ticketCount > 0 ? (
          <Text>
            You have {tickets(part.ticketCount)} for this event.{" "}
            <AnchorLink to={eventTicketsPath(part.eventId)}>See your tickets</AnchorLink>
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
