import type { CheckedVerdict } from "#app/door-offline/use-offline-door.ts";

/** A code read again on this device within this time is the same guest, not a second entry. */
export const REPEAT_WINDOW_MS = 30_000;

/**
 * The first verdict of each code read on this device, for 30 s from that verdict: a code
 * still held in front of the camera after the verdict clears (or the same image chosen
 * again) shows that first verdict again, marked as a repeat, instead of going to the
 * server and coming back amber "already checked in" right after green (issue 26, item 6).
 * `read-filter.ts` is the other rule: it drops camera reads of a code within 3 s silently.
 */
export function createRepeatMemory(windowMs = REPEAT_WINDOW_MS, now = () => Date.now()) {
  const first = new Map<string, { at: number; checked: CheckedVerdict }>();
  function forgetOld(at: number) {
    for (const [code, seen] of first) {
      if (at - seen.at >= windowMs) first.delete(code);
    }
  }
  return {
    /** The first verdict of `code` if it came less than 30 s ago; null: check it. */
    recall(code: string): CheckedVerdict | null {
      forgetOld(now());
      return first.get(code)?.checked ?? null;
    },
    /** Keeps a fresh verdict of `code` (not a repeat) as its first for the next 30 s. */
    remember(code: string, checked: CheckedVerdict): void {
      const at = now();
      forgetOld(at);
      if (!first.has(code)) first.set(code, { at, checked });
    },
  };
}

export type RepeatMemory = ReturnType<typeof createRepeatMemory>;
