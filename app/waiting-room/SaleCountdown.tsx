import { useEffect, useState } from "react";
import { Stack } from "#app/ui/layout.tsx";
import { Text } from "#app/ui/text.tsx";
import classes from "./waiting-room.module.css";
import { clockText, countdownText } from "./waiting-room-text.ts";

/** Now, again every second: the countdown moves on its own, no refresh needed. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * Before the sale: the time left, and why coming early does not help (places are drawn
 * at random among everyone in the room at the start). Not a live region: a screen reader
 * would read it every second; the time of the start is said once, in words.
 */
export function SaleCountdown({ saleStartsAt }: { saleStartsAt: string }) {
  const now = useNow();
  const left = Date.parse(saleStartsAt) - now;
  return (
    <Stack gap="xs">
      <Text>
        The sale opens in{" "}
        <span className={classes.bigNumber} data-testid="countdown">
          {countdownText(left)}
        </span>
      </Text>
      <Text>
        Everyone here at the start gets a random place: arriving early gives no advantage.
      </Text>
      <Text size="sm" c="dimmed">
        It opens at <time dateTime={saleStartsAt}>{clockText(saleStartsAt)}</time>. Keep this page
        open: it moves on by itself.
      </Text>
    </Stack>
  );
}
