import { FormMessage } from "#app/components/FormMessage.tsx";
import { Paper, Stack } from "#app/ui/layout.tsx";
import { Text } from "#app/ui/text.tsx";
import { peopleAhead, type WaitingRoomView } from "#contract/waiting-room.ts";
import type { JoinProgress } from "./join-room.ts";
import {
  Admitted,
  JoinFailed,
  Joining,
  Lapsed,
  Placing,
  RoomOff,
  SoldOut,
  TurnEnded,
  Waiting,
} from "./RoomStates.tsx";
import type { RoomPhase } from "./room-phase.ts";
import { SaleCountdown } from "./SaleCountdown.tsx";
import { aheadText, clockText, formatCount } from "./waiting-room-text.ts";

export type RoomPanelProps = {
  view: WaitingRoomView;
  phase: RoomPhase;
  joining: boolean;
  progress: JoinProgress | null;
  error: string | null;
  onJoin: () => void;
  /** False until the browser has asked for its own place (the server's page knows nobody's token). */
  ready: boolean;
};

function PhaseBody({ view, phase, joining, progress, error, onJoin }: RoomPanelProps) {
  const { room, place, shortId } = view;
  if (joining) return <Joining progress={progress} />;
  if (error && (phase === "join" || phase === "lapsed")) {
    return <JoinFailed message={error} onJoin={onJoin} />;
  }
  switch (phase) {
    case "off":
      return <RoomOff shortId={shortId} />;
    case "sold-out":
      return <SoldOut shortId={shortId} />;
    case "admitted":
      return <Admitted until={place?.admittedUntil ?? ""} shortId={shortId} />;
    case "lapsed":
      return <Lapsed onJoin={onJoin} />;
    case "turn-ended":
      return <TurnEnded shortId={shortId} />;
    case "join":
      return <JoinFailed message={null} onJoin={onJoin} />;
    case "before-start":
      return room ? <SaleCountdown saleStartsAt={room.saleStartsAt} /> : null;
    case "placing":
      return <Placing />;
    case "waiting":
      return room && place?.place != null ? <Waiting place={place.place} room={room} /> : null;
  }
}

/** What the live region says for a state: the place as it moves, the turn, the end. */
function announcement(props: RoomPanelProps): string {
  const { view, phase } = props;
  const { room, place } = view;
  switch (phase) {
    case "off":
      return "No waiting room for this sale.";
    case "sold-out":
      return "Sold out.";
    case "admitted":
      return `It's your turn. Choose your tickets by ${clockText(place?.admittedUntil ?? "")}.`;
    case "lapsed":
      return "Your turn passed.";
    case "turn-ended":
      return "You have had your turn.";
    case "join":
      return props.joining ? "Joining the waiting room." : "";
    case "before-start":
      return `You are in the waiting room. The sale opens at ${clockText(room?.saleStartsAt ?? "")}.`;
    case "placing":
      return "The sale has opened. Giving you your place.";
    case "waiting":
      return room && place?.place != null
        ? `Your place: ${formatCount(place.place)}. ${aheadText(peopleAhead(place.place, room))}`
        : "";
  }
}

/**
 * The room's panel, one state at a time. Beside it a polite live region says each change
 * in words (the place, the turn, the sale's end) so a screen reader hears it without
 * looking; the countdown stays out of it, or it would be read every second.
 */
export function RoomPanel(props: RoomPanelProps) {
  const phase = props.ready ? props.phase : "loading";
  return (
    <Paper p="lg">
      <Stack gap="sm" data-testid="waiting-room" data-phase={phase}>
        {props.ready ? <PhaseBody {...props} /> : <Text>Finding your place…</Text>}
        {props.error && !(props.phase === "join" || props.phase === "lapsed") ? (
          <FormMessage kind="error">{props.error}</FormMessage>
        ) : null}
        <div
          aria-live="polite"
          aria-atomic="true"
          className="m_515a97f8 mantine-VisuallyHidden-root"
          data-testid="room-announcement"
        >
          {props.ready ? announcement(props) : ""}
        </div>
      </Stack>
    </Paper>
  );
}
