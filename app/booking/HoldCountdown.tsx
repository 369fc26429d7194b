import { Text, VisuallyHidden } from "@mantine/core";
import { formatEventTime } from "#contract/event-time.ts";
import { formatClock, minutesLeftText, showsDeadline } from "./use-seconds-left.ts";

type Props = {
  secondsLeft: number;
  /** The hold's end, shown as a date and time when it is hours away (a waiting list offer). */
  expiresAt: string;
  timeZone: string;
};

/**
 * "Held for you for 9:41", ticking each second on screen (not live: a screen reader
 * reading every second would drown the form). A polite live region changes once a minute.
 * A hold hours long (a waiting list's offer, issue 29) says until when instead: a clock
 * counting down eleven hours would only alarm.
 */
export function HoldCountdown({ secondsLeft, expiresAt, timeZone }: Props) {
  if (showsDeadline(secondsLeft)) {
    return (
      <Text size="xl" fw={700}>
        Held for you until{" "}
        <time dateTime={expiresAt}>{formatEventTime(expiresAt, timeZone, { withZone: true })}</time>
      </Text>
    );
  }
  return (
    <div>
      <Text size="xl" fw={700}>
        Held for you for {formatClock(secondsLeft)}
      </Text>
      <VisuallyHidden aria-live="polite">{minutesLeftText(secondsLeft)}</VisuallyHidden>
    </div>
  );
}
