import { useEffect, useState } from "react";

/**
 * Seconds until a deadline, ticking every second in the browser. The server says how many
 * seconds were left when it answered (not the instant itself), so a phone whose clock is
 * wrong still counts down the right time; the first render matches the server's. (Each
 * hold gets its own component, keyed by its id, so a new hold starts a new count.)
 */
export function useSecondsLeft(secondsLeftAtLoad: number): number {
  const [left, setLeft] = useState(secondsLeftAtLoad);
  useEffect(() => {
    const deadline = Date.now() + secondsLeftAtLoad * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [secondsLeftAtLoad]);
  return left;
}

/** 581 → "9:41". */
export function formatClock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
}

/** What a screen reader hears, once a minute: "9 minutes left", "less than a minute left". */
export function minutesLeftText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return "Less than a minute left to confirm.";
  return `${minutes} minute${minutes === 1 ? "" : "s"} left to confirm.`;
}

/** Past an hour left, a hold shows until when it lasts rather than a countdown. */
const deadlineAfterSeconds = 3600;

/** Whether a hold is long enough (a waiting list's offer) to show its end, not a count. */
export function showsDeadline(secondsLeft: number): boolean {
  return secondsLeft > deadlineAfterSeconds;
}
