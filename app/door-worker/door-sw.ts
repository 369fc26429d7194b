/**
 * The door's service worker (decision 030, README.md here), built by vite.door-worker.ts
 * into `build/client/door-sw.js` with the build's file list, and registered with the scope
 * `doorScope` by `useDoorWorker`: only the door pages are ever controlled by it.
 */
import { otherPrecaches, pagesCacheName, precacheName, staleDoorCaches } from "./door-caches.ts";
import { isDoorPath } from "./door-pages.ts";
import { dataCacheKeys, doorRequestKind, routeDiscoveryPath } from "./door-requests.ts";
import { isWarmDoorPages } from "./door-worker-messages.ts";
import { firstKept, NETWORK_TIMEOUT_MS, networkFirst } from "./network-first.ts";
import { type KeptPage, offlinePage, titleOf } from "./offline-page.ts";
import { isHashedAsset, type PrecacheEntry } from "./precache-entry.ts";
import { keepCopies, warmDoorPages } from "./warm-door-pages.ts";
import type { DoorWorkerScope, FetchEvent } from "./worker-scope.ts";

/** Written in by the build (vite.door-worker.ts): the client build's files and their hash. */
declare const DOOR_PRECACHE: PrecacheEntry[];
declare const DOOR_BUILD_VERSION: string;

const scope = self as unknown as DoorWorkerScope;
const version = DOOR_BUILD_VERSION;
/** Named once: the build writes the list in where the name appears. */
const buildFiles = DOOR_PRECACHE;
const precachedPaths = new Set(buildFiles.map((entry) => entry.url));
const openPages = () => scope.caches.open(pagesCacheName(version));

scope.addEventListener("install", (event) => {
  // A new build takes over at once; the page reloads once when its worker changes
  // (door-worker-registration.ts), so no page runs on a mixture of two builds' files.
  event.waitUntil(precache().then(() => scope.skipWaiting()));
});

scope.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const stale = staleDoorCaches(await scope.caches.keys(), version);
      const carried = await keptDoorUrls(stale);
      await Promise.all(stale.map((name) => scope.caches.delete(name)));
      await scope.clients.claim();
      // The door pages the old build kept stay kept, fetched afresh (they name the new
      // build's files). Not awaited: requests wait for the activation, pages must not.
      void openPages().then((cache) =>
        keepCopies({ urls: carried, cache, fetch: (u, i) => scope.fetch(u, i), now: Date.now() }),
      );
    })(),
  );
});

scope.addEventListener("fetch", (event) => {
  const { request } = event;
  const kind = doorRequestKind(
    {
      method: request.method,
      url: request.url,
      mode: request.mode,
      accept: request.headers.get("accept"),
    },
    scope.location.origin,
    precachedPaths,
  );
  if (kind === "network") return;
  if (kind === "precached") event.respondWith(fromPrecache(event));
  else event.respondWith(fromNetworkFirst(event, kind));
});

scope.addEventListener("message", (event) => {
  if (event.origin !== scope.location.origin || !isWarmDoorPages(event.data)) return;
  // A replaced worker would open its deleted cache again: the new one warms the pages.
  if (scope.serviceWorker?.state === "redundant") return;
  const { eventId } = event.data;
  event.waitUntil(
    openPages().then((cache) =>
      warmDoorPages({
        eventId,
        origin: scope.location.origin,
        cache,
        fetch: (url, init) => scope.fetch(url, init),
        now: Date.now(),
      }),
    ),
  );
});

/** The door pages and whole data answers an older build's worker kept. */
async function keptDoorUrls(staleCaches: string[]): Promise<string[]> {
  const urls = new Set<string>();
  for (const name of staleCaches.filter((n) => n.startsWith("door-pages-"))) {
    for (const key of await (await scope.caches.open(name)).keys()) {
      const url = new URL(key.url);
      if (isDoorPath(url.pathname) && !url.searchParams.has("_routes")) urls.add(url.href);
    }
  }
  return [...urls];
}

/**
 * Keeps every file of the build. A hashed asset an older build's worker kept is copied
 * from its cache; the rest is downloaded, past the HTTP cache (the root files' names
 * carry no hash). Any failure fails the install: the browser tries again on a later visit
 * and the worker already active stays.
 */
async function precache(): Promise<void> {
  const names = await scope.caches.keys();
  const cache = await scope.caches.open(precacheName(version));
  const older = await Promise.all(otherPrecaches(names, version).map((n) => scope.caches.open(n)));
  await Promise.all(
    buildFiles.map(async ({ url }) => {
      if (await cache.match(url)) return;
      const copy = isHashedAsset(url) ? await firstInCaches(older, url) : undefined;
      const response = copy ?? (await scope.fetch(url, { cache: "no-cache" }));
      if (!response.ok)
        throw new Error(`The door worker could not keep ${url}: ${response.status}`);
      await cache.put(url, response);
    }),
  );
}

async function firstInCaches(caches: Cache[], url: string): Promise<Response | undefined> {
  for (const cache of caches) {
    const hit = await cache.match(url);
    if (hit) return hit;
  }
  return undefined;
}

/** Cache first; a file missing from the cache (deleted at sign-out) is fetched and kept again. */
async function fromPrecache(event: FetchEvent): Promise<Response> {
  const path = new URL(event.request.url).pathname;
  const cache = await scope.caches.open(precacheName(version));
  const kept = await cache.match(path);
  if (kept) return kept;
  const response = await scope.fetch(event.request);
  if (response.ok) event.waitUntil(cache.put(path, response.clone()).catch(() => {}));
  return response;
}

async function fromNetworkFirst(event: FetchEvent, kind: "page" | "data" | "routes") {
  const { request } = event;
  const cache = await openPages();
  const answer = await networkFirst({
    request,
    keepAs: request.url,
    fallbacks: kind === "data" ? dataCacheKeys(request.url) : [request.url],
    cache,
    fetch: (r) => scope.fetch(r),
    waitUntil: (promise) => event.waitUntil(promise),
    timeoutMs: NETWORK_TIMEOUT_MS,
  });
  if (answer) return answer;
  if (kind === "page") return offlineAnswer(cache);
  if (kind === "routes") return (await keptRouteAnswers(cache)) ?? Response.error();
  return Response.error();
}

/**
 * Offline, route discovery for a set of paths never asked online: every answer kept,
 * merged (each names routes by id, the same in every answer of one build; the router
 * adds the ones it lacks).
 */
async function keptRouteAnswers(cache: Cache): Promise<Response | undefined> {
  const keys = (await cache.keys()).filter(
    (key) => new URL(key.url).pathname === routeDiscoveryPath,
  );
  if (!keys.length) return undefined;
  const merged: Record<string, unknown> = {};
  for (const key of keys) Object.assign(merged, await (await firstKept(cache, [key.url]))?.json());
  return Response.json(merged);
}

/** The plain page for a door page never kept, linking to the door pages that are. */
async function offlineAnswer(cache: Cache): Promise<Response> {
  const pages = (await cache.keys()).filter((key) => {
    const path = new URL(key.url).pathname;
    return isDoorPath(path) && !path.endsWith(".data");
  });
  const kept: KeptPage[] = await Promise.all(
    pages.map(async (key) => {
      const url = new URL(key.url);
      const html = (await (await firstKept(cache, [key.url]))?.text()) ?? "";
      return { url: `${url.pathname}${url.search}`, title: titleOf(html, key.url) };
    }),
  );
  kept.sort((a, b) => a.title.localeCompare(b.title));
  return new Response(offlinePage(kept), {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
