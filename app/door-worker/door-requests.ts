import { isDoorPath } from "./door-pages.ts";

/**
 * What the door worker does with a request (decision 030, app/door-worker/README.md):
 * - `precached`: a file of the build (hashed assets, icons, the manifest): cache first;
 * - `page`: opening a door page: network first, then the copy kept of that URL;
 * - `data`: a door page's loader data (`….data`): network first, then the copy kept;
 * - `routes`: React Router's route discovery (`/__manifest`): network first, then the
 *   copies kept;
 * - `network`: everything else (the API, event streams, anything not a GET, other
 *   origins): not touched, straight to the network.
 */
export type DoorRequestKind = "precached" | "page" | "data" | "routes" | "network";

type RequestFacts = { method: string; url: string; mode: string; accept: string | null };

/** Where React Router fetches route manifest patches (lazy route discovery). */
export const routeDiscoveryPath = "/__manifest";

export function doorRequestKind(
  request: RequestFacts,
  origin: string,
  precached: ReadonlySet<string>,
): DoorRequestKind {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== origin) return "network";
  if (url.pathname.startsWith("/api/") || request.accept?.includes("text/event-stream")) {
    return "network";
  }
  if (precached.has(url.pathname)) return "precached";
  if (request.mode === "navigate") return isDoorPath(url.pathname) ? "page" : "network";
  if (url.pathname.endsWith(".data")) return isDoorPath(url.pathname) ? "data" : "network";
  if (url.pathname === routeDiscoveryPath) return "routes";
  return "network";
}

/**
 * The keys a door page's data may be kept under, best first: the URL asked, then the same
 * without `_routes`. A navigation between door pages asks only for the routes whose data
 * changes (`?_routes=…`); the worker's warm-up keeps the whole answer (every route of the
 * page) under the URL without it, which serves any such subset.
 */
export function dataCacheKeys(url: string): string[] {
  const whole = new URL(url);
  if (!whole.searchParams.has("_routes")) return [whole.href];
  whole.searchParams.delete("_routes");
  return [url, whole.href];
}

/**
 * Server answers that mean the application is unreachable behind a proxy, as a failed
 * fetch does: the kept copy is better then.
 */
export function isGatewayFailure(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}
