import { isGatewayFailure } from "./door-requests.ts";

/** The part of a `Cache` the strategy uses (a fake in unit tests). */
export type KeptCopies = {
  match(key: string, options?: CacheQueryOptions): Promise<Response | undefined>;
  put(key: string, response: Response): Promise<void>;
};

export type NetworkFirstOptions = {
  request: Request;
  /** Where a 200 answer is kept. */
  keepAs: string;
  /** Kept copies to fall back on, best first. */
  fallbacks: readonly string[];
  cache: KeptCopies;
  fetch: (request: Request) => Promise<Response>;
  /** Keeps the worker alive until the copy is stored, after the answer went out. */
  waitUntil: (promise: Promise<unknown>) => void;
  /** How long the network has before a kept copy is answered instead (issue 26: 3 s). */
  timeoutMs: number;
};

/** How long a door page's request waits for the server before the kept copy is shown. */
export const NETWORK_TIMEOUT_MS = 3_000;

/**
 * Network first: the server's answer when it comes within `timeoutMs` (kept for later
 * when it is a 200 of this very URL), else the kept copy; with no kept copy, whatever the network does in
 * the end. A gateway failure (502, 503, 504) counts as no answer when a copy is kept.
 * Resolves to null when the network failed and nothing was kept.
 */
export async function networkFirst(options: NetworkFirstOptions): Promise<Response | null> {
  const network = options.fetch(options.request).then((response) => {
    // A redirected answer (e.g. to the sign-in page) is no copy of this URL.
    if (response.status === 200 && !response.redirected) {
      options.waitUntil(options.cache.put(options.keepAs, response.clone()).catch(() => {}));
    }
    return response;
  });
  const settled = network.catch(() => null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<"slow">((resolve) => {
    timer = setTimeout(() => resolve("slow"), options.timeoutMs);
  });
  const first = await Promise.race([settled, slow]);
  clearTimeout(timer);
  if (first instanceof Response && !isGatewayFailure(first.status)) return first;
  const kept = await firstKept(options.cache, options.fallbacks);
  if (kept) return kept;
  return first === "slow" ? settled : first;
}

/**
 * The first kept copy of `keys`. `ignoreVary`: a copy kept from the warm-up's request
 * must serve the browser's own, whose headers differ.
 */
export async function firstKept(
  cache: Pick<KeptCopies, "match">,
  keys: readonly string[],
): Promise<Response | undefined> {
  for (const key of keys) {
    const kept = await cache.match(key, { ignoreVary: true });
    if (kept) return kept;
  }
  return undefined;
}
