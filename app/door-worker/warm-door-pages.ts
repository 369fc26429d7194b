import { dataUrlOf, doorPageUrls, doorStartUrl } from "./door-pages.ts";
import type { KeptCopies } from "./network-first.ts";

/** A kept copy younger than this is not fetched again by a warm-up. */
export const WARM_COPY_FRESH_MS = 10 * 60 * 1000;

type WarmOptions = {
  eventId: string;
  origin: string;
  cache: KeptCopies;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  now: number;
};

/**
 * Fetches and keeps the event's door pages and the app's start page, with their loader
 * data (without `_routes`: the whole answer), skipping copies kept in the last 10 minutes
 * (`Date` of the kept answer) so that moving between door pages online does not fetch
 * them all again.
 */
export function warmDoorPages(options: WarmOptions): Promise<void> {
  const pages = [...doorPageUrls(options.eventId), doorStartUrl];
  const urls = pages.flatMap((page) => [page, dataUrlOf(page)]);
  return keepCopies({ ...options, urls: urls.map((path) => new URL(path, options.origin).href) });
}

/**
 * Fetches and keeps `urls` (absolute) unless a copy under 10 minutes old is kept. A URL
 * that fails is left as it was (offline, refused): the next warm-up tries again.
 */
export async function keepCopies(
  options: Omit<WarmOptions, "eventId" | "origin"> & { urls: readonly string[] },
): Promise<void> {
  await Promise.all(
    options.urls.map(async (url) => {
      const kept = await options.cache.match(url, { ignoreVary: true });
      if (kept && isFresh(kept, options.now)) return;
      try {
        const response = await options.fetch(url, { credentials: "same-origin" });
        if (response.status === 200 && !response.redirected) await options.cache.put(url, response);
      } catch {
        // Offline or refused: the copy kept before (if any) stays.
      }
    }),
  );
}

function isFresh(response: Response, now: number): boolean {
  const date = Date.parse(response.headers.get("date") ?? "");
  return Number.isFinite(date) && now - date < WARM_COPY_FRESH_MS;
}
