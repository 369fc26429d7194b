/** The same code read again within this time is the same guest still in front of the lens. */
export const SAME_CODE_WINDOW_MS = 3000;

/**
 * Says whether a read is new: a code seen (and acted on) less than 3 s ago is ignored. The
 * window counts from the read acted on, so a code held in view is read again every 3 s;
 * within 30 s of its first verdict the repeat rule (`repeat-scan.ts`) shows that verdict
 * again instead of asking the server.
 */
export function createReadFilter(windowMs = SAME_CODE_WINDOW_MS, now = () => Date.now()) {
  const lastRead = new Map<string, number>();
  return function isNewRead(code: string): boolean {
    const at = now();
    for (const [seen, when] of lastRead) {
      if (at - when >= windowMs) lastRead.delete(seen);
    }
    if (lastRead.has(code)) return false;
    lastRead.set(code, at);
    return true;
  };
}
