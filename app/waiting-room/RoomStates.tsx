import { FormMessage } from "#app/components/FormMessage.tsx";
import { Button, ButtonLink } from "#app/ui/Button.tsx";
import { Group, Stack } from "#app/ui/layout.tsx";
import { Alert } from "#app/ui/notices.tsx";
import { AnchorLink, Text, Title } from "#app/ui/text.tsx";
import { ADMISSION_MINUTES, peopleAhead, type WaitingRoomState } from "#contract/waiting-room.ts";
import type { JoinProgress } from "./join-room.ts";
import { progressThrough } from "./room-phase.ts";
import classes from "./waiting-room.module.css";
import { aheadText, clockText, formatCount, waitText } from "./waiting-room-text.ts";

/** Each state of the room page, drawn from plain props (the page's hook decides which). */

export function Joining({ progress }: { progress: JoinProgress | null }) {
  // The chance the puzzle is solved by now: it is luck, so the bar slows as it fills.
  const percent = progress
    ? Math.min(99, Math.round(100 * (1 - Math.exp(-progress.tries / progress.expected))))
    : 0;
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Joining the waiting room
      </Title>
      <Text id="person-check">Checking you are a person… {progress ? `${percent}%` : ""}</Text>
      <progress
        className={classes.progress}
        aria-labelledby="person-check"
        max={100}
        value={progress ? percent : undefined}
      />
      <Text size="sm" c="dimmed">
        Your device works out a small puzzle that is slow for bots to repeat. It takes a few
        seconds.
      </Text>
    </Stack>
  );
}

export function Placing() {
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        The sale has opened
      </Title>
      <Text>Giving you your place…</Text>
    </Stack>
  );
}

export function Waiting({ place, room }: { place: number; room: WaitingRoomState }) {
  const ahead = peopleAhead(place, room);
  const share = progressThrough(place, room.admittedThrough);
  return (
    <Stack gap="sm">
      <Text>
        Your place:{" "}
        <span className={classes.bigNumber} data-testid="place">
          {formatCount(place)}
        </span>
      </Text>
      <Text>{aheadText(ahead)}</Text>
      {ahead > 0 && room.admitPerMinute <= 0 ? (
        <Text>We are {waitText(ahead, 0)}: it shows once people start getting their turn.</Text>
      ) : (
        <Text>
          Estimated wait: <strong>{waitText(ahead, room.admitPerMinute)}</strong>
        </Text>
      )}
      <progress
        className={classes.progress}
        aria-label="Your way through the queue"
        max={100}
        value={Math.round(share * 100)}
      />
      {room.allHeld ? (
        <Alert color="yellow" role="status">
          All tickets are held by buyers right now; some may come back.
        </Alert>
      ) : null}
      <Text size="sm" c="dimmed">
        Keep this page open: your place moves by itself. When it is your turn you have{" "}
        {ADMISSION_MINUTES} minutes to choose your tickets.
      </Text>
    </Stack>
  );
}

export function Admitted({ until, shortId }: { until: string; shortId: string }) {
  return (
    <Stack gap="sm">
      <Title order={2}>It's your turn</Title>
      <Text>
        Choose your tickets by <time dateTime={until}>{clockText(until)}</time>. After that your
        turn passes to the next person.
      </Text>
      <Group>
        <ButtonLink to={`/${shortId}`} className={classes.bigButton}>
          Choose your tickets
        </ButtonLink>
      </Group>
    </Stack>
  );
}

export function Lapsed({ onJoin }: { onJoin: () => void }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Your turn passed
      </Title>
      <Text>
        You did not start choosing tickets within {ADMISSION_MINUTES} minutes. You can join again,
        at the back of the queue.
      </Text>
      <Group>
        <Button onClick={onJoin}>Join again</Button>
      </Group>
    </Stack>
  );
}

export function TurnEnded({ shortId }: { shortId: string }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        You have had your turn
      </Title>
      <Text>
        Tickets you are holding stay yours until their hold ends.{" "}
        <AnchorLink to={`/booking/${shortId}`}>Finish booking</AnchorLink>
      </Text>
    </Stack>
  );
}

export function SoldOut({ shortId }: { shortId: string }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Sold out
      </Title>
      <Text>Every ticket has been taken: there is nothing left to wait for.</Text>
      <Text>
        <AnchorLink to={`/${shortId}`}>Back to the event</AnchorLink>
      </Text>
    </Stack>
  );
}

export function RoomOff({ shortId }: { shortId: string }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        No waiting room for this sale
      </Title>
      <Text>
        Tickets are on sale to everyone. <AnchorLink to={`/${shortId}`}>Go to the event</AnchorLink>
      </Text>
    </Stack>
  );
}

/** A join that was refused (the server's message), or not started: the way to try. */
export function JoinFailed({ message, onJoin }: { message: string | null; onJoin: () => void }) {
  return (
    <Stack gap="sm">
      {message ? <FormMessage kind="error">{message}</FormMessage> : null}
      <Group>
        <Button onClick={onJoin}>{message ? "Try again" : "Join the waiting room"}</Button>
      </Group>
    </Stack>
  );
}
