import { ButtonLink } from "#app/ui/Button.tsx";
import { Text } from "#app/ui/text.tsx";
import { useOwnPlace, usePassed } from "#app/waiting-room/use-own-place.ts";
import { clockText } from "#app/waiting-room/waiting-room-text.ts";
import { formatEventTime } from "#contract/event-time.ts";
import { waitingRoomPath } from "#contract/waiting-room.ts";
import { bookingPathWithCode } from "./code-tickets.ts";

type Props = {
  shortId: string;
  saleStartsAt: string;
  timeZone: string;
  /** A code applied on the event page, carried to the booking page. */
  code?: string | null;
};

/**
 * The booking part of an event whose sale has a waiting room: the way into the room, or,
 * for a signed-in person whose turn it is (asked from the browser: the page is shared),
 * the booking button with their deadline.
 */
export function useWaitingRoomBooking({ shortId, saleStartsAt, timeZone, code = null }: Props) {
  const own = useOwnPlace(shortId, true);
  const until = own?.place?.lapsed ? null : (own?.place?.admittedUntil ?? null);
  const turnOver = usePassed(until);
  const opened = usePassed(saleStartsAt);
  if (until && !turnOver) {
    return {
      button: <ButtonLink to={bookingPathWithCode(shortId, code)}>Book tickets</ButtonLink>,
      note: (
        <Text size="sm" id="waiting-room-note" fw={600}>
          It's your turn: choose by <time dateTime={until}>{clockText(until)}</time>.
        </Text>
      ),
    };
  }
  const inRoom = own?.place != null && !own.place.lapsed;
  const opens = formatEventTime(saleStartsAt, timeZone, { withZone: true });
  return {
    button: (
      <ButtonLink to={waitingRoomPath(shortId)} aria-describedby="waiting-room-note">
        {inRoom ? "Back to the waiting room" : "Join the waiting room"}
      </ButtonLink>
    ),
    note: (
      <Text size="sm" id="waiting-room-note">
        This sale uses a waiting room. It {opened ? "opened" : "opens"} at{" "}
        <time dateTime={saleStartsAt}>{opens}</time>.
      </Text>
    ),
  };
}
