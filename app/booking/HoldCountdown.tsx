import { Text, VisuallyHidden } from "@mantine/core";
import { formatClock, minutesLeftText } from "./use-seconds-left.ts";

/**
 * "Held for you for 9:41", ticking each second on screen (not live: a screen reader
 * reading every second would drown the form). A polite live region changes once a minute.
 */
export function HoldCountdown({ secondsLeft }: { secondsLeft: number }) {
  return (
    <div>
      <Text size="xl" fw={700}>
        Held for you for {formatClock(secondsLeft)}
      </Text>
      <VisuallyHidden aria-live="polite">{minutesLeftText(secondsLeft)}</VisuallyHidden>
    </div>
  );
}
