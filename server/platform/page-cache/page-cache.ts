import { gzipSync } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { withoutNonce } from "./page-cache-body.ts";

/**
 * A short-lived shared cache of what every anonymous visitor sees the same: the public
 * pages (`/`, searches, `/{id}`) and their `.data` requests (decision 017).
 *
 * - The same for everyone, signed in or not (decision 032): every render of these pages is
 *   a shared one (`res.locals.sharedRender`: the page context reads no cookie, its user is
 *   nobody), so a signed-in request reads and fills the cache like a visitor's, and the
 *   person's own parts come from their own request. Only a request with an Authorization
 *   header stays out. A response that sets a cookie, is not a 200, or says
 *   `private`/`no-store` (a render that asked for the person) is never kept.
 * - Fresh for `freshMs`; then, for `staleMs` more, served stale to everyone but the one
 *   request that renders it again (stale-while-revalidate). Concurrent misses of a key
 *   wait for the one render in flight instead of each rendering.
 * - `invalidate()` (an event, ticket type or business edited) makes every entry unusable
 *   at once, stale ones included. `availabilityChanged()` (holds, bookings) does the same
 *   at most once per `availabilityLagMs`, later ones coalesced into one at the end of
 *   that lag, so in a rush the pages are re-rendered about once a second, and nobody
 *   sees availability older than that.
 * - The CSP nonce is never shared: a kept page is stored without its render's nonce
 *   attributes, and an answer from the cache carries, instead of a nonce, the SHA-256
 *   hashes of that page's own inline scripts in its Content-Security-Policy: it allows
 *   those scripts and no other inline script. (The render itself went out with its own
 *   nonce to the one request that made it.) The page is then the same bytes for every
 *   visitor, so it is also kept gzipped once instead of compressed on every answer.
 */
export type PageCacheOptions = {
  freshMs: number;
  staleMs: number;
  availabilityLagMs: number;
  /** Whether a path (without `.data`) is a public page whose anonymous render may be shared. */
  isPublicPath(pathname: string): boolean;
  maxEntries?: number;
  maxEntryBytes?: number;
  now?: () => number;
  /** The other server processes of this machine: told of every emptying, and telling. */
  siblings?: {
    publish(kind: "edit" | "availability"): void;
    subscribe(on: (kind: string) => void): void;
  };
};

type Entry = {
  status: number;
  headers: [string, string][];
  /** The body, without nonce attributes, and the same gzipped. */
  body: Buffer;
  gzipped: Buffer;
  /** HTML: the CSP sources of its inline scripts (`'sha256-…'`), in place of a nonce. */
  scriptSources: string | null;
  storedAt: number;
  generation: number;
};

export type PageCache = {
  middleware(req: Request, res: Response, next: NextFunction): void;
  invalidate(): void;
  availabilityChanged(): void;
  stats: { hits: number; stale: number; misses: number; bypass: number; waited: number };
  /** The Cache-Control a public page gets: lets a CDN in front do the same. */
  cacheControl: string;
};

/** Headers of a render kept with it; the rest (CSP, request id, length…) are per response. */
const keptHeaders = ["content-type", "link", "vary", "content-language", "x-robots-tag"];

/** The page a request is for: `/x.data` → `/x`, `/_root.data` → `/`. */
function pagePath(pathname: string): string {
  if (!pathname.endsWith(".data")) return pathname;
  const base = pathname.slice(0, -".data".length);
  return base === "/_root" ? "/" : base;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 2000;
  const maxEntryBytes = options.maxEntryBytes ?? 512 * 1024;
  const entries = new Map<string, Entry>();
  /** The render in flight per key, and when it started. */
  const inFlight = new Map<string, { rendering: Promise<Entry | null>; startedAt: number }>();
  /** A render older than this is not waited for (it may never end: a stuck client). */
  const renderWaitMs = 10_000;
  const renderingNow = (key: string, at: number) => {
    const found = inFlight.get(key);
    return found && at - found.startedAt < renderWaitMs ? found : undefined;
  };
  const stats = { hits: 0, stale: 0, misses: 0, bypass: 0, waited: 0 };
  const cacheControl = `public, max-age=0, s-maxage=${Math.round(options.freshMs / 1000)}, stale-while-revalidate=${Math.round(options.staleMs / 1000)}`;
  let generation = 0;
  let lastAvailabilityInvalidation = Number.NEGATIVE_INFINITY;
  let pendingAvailability: NodeJS.Timeout | undefined;

  function emptied(): void {
    generation++;
    entries.clear();
  }

  function invalidate(): void {
    emptied();
    options.siblings?.publish("edit");
  }

  function availabilityChanged(): void {
    availabilityChangedHere(true);
  }

  /** Empties now, or once at the end of the lag; `tell`: the siblings hear of each emptying. */
  function availabilityChangedHere(tell: boolean): void {
    const emptyNow = () => {
      lastAvailabilityInvalidation = now();
      emptied();
      if (tell) options.siblings?.publish("availability");
    };
    const at = now();
    if (at - lastAvailabilityInvalidation >= options.availabilityLagMs) {
      emptyNow();
      return;
    }
    if (pendingAvailability) return;
    pendingAvailability = setTimeout(
      () => {
        pendingAvailability = undefined;
        emptyNow();
      },
      options.availabilityLagMs - (at - lastAvailabilityInvalidation),
    );
    pendingAvailability.unref();
  }

  function serve(req: Request, res: Response, entry: Entry, state: "HIT" | "STALE"): void {
    res.statusCode = entry.status;
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    const csp = res.getHeader("content-security-policy");
    if (entry.scriptSources !== null && typeof csp === "string") {
      // This page's own inline scripts, by hash, instead of a nonce it does not carry.
      res.setHeader(
        "Content-Security-Policy",
        csp.replace(/\s*'nonce-[^']*'/, entry.scriptSources ? ` ${entry.scriptSources}` : ""),
      );
    }
    res.setHeader("Cache-Control", cacheControl);
    res.setHeader("Age", String(Math.floor((now() - entry.storedAt) / 1000)));
    res.setHeader("X-Cache", state);
    res.setHeader("Vary", "Accept-Encoding");
    const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    // Already encoded: the compression middleware leaves it as it is.
    if (gzip) res.setHeader("Content-Encoding", "gzip");
    const body = gzip ? entry.gzipped : entry.body;
    res.setHeader("Content-Length", body.length);
    res.end(body);
  }

  function keep(key: string, entry: Entry): void {
    if (entry.generation !== generation) return;
    entries.delete(key);
    entries.set(key, entry);
    // Oldest first out: Map keeps insertion order.
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  }

  /** Wraps write/end to collect the body of this render; settles with what may be kept. */
  function capture(res: Response, startedAt: number, startedGeneration: number) {
    return new Promise<Entry | null>((resolve) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let tooBig = false;
      const collect = (chunk: unknown, encoding?: unknown) => {
        if (tooBig || chunk === undefined || chunk === null || typeof chunk === "function") return;
        const buffer =
          typeof chunk === "string"
            ? Buffer.from(
                chunk,
                typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8",
              )
            : Buffer.from(chunk as Uint8Array);
        size += buffer.length;
        if (size > maxEntryBytes) tooBig = true;
        else chunks.push(buffer);
      };
      const write = res.write;
      const end = res.end;
      const writeHead = res.writeHead;
      // Only a 200 is public: an error page or a redirect is nobody's to keep.
      res.writeHead = function (this: Response, ...args: unknown[]) {
        const status = typeof args[0] === "number" ? args[0] : res.statusCode;
        if (status !== 200 && res.getHeader("cache-control") === cacheControl) {
          res.removeHeader("cache-control");
        }
        return (writeHead as (...a: unknown[]) => Response).apply(this, args);
      } as Response["writeHead"];
      res.write = function (this: Response, ...args: unknown[]) {
        collect(args[0], args[1]);
        return (write as (...a: unknown[]) => boolean).apply(this, args);
      } as Response["write"];
      res.end = function (this: Response, ...args: unknown[]) {
        collect(args[0], args[1]);
        try {
          resolve(kept());
        } catch {
          // Never let keeping a page stand in the way of answering it.
          resolve(null);
        }
        return (end as (...a: unknown[]) => Response).apply(this, args);
      } as Response["end"];
      res.on("close", () => resolve(null));
      res.on("finish", () => resolve(null));

      function kept(): Entry | null {
        const control = String(res.getHeader("cache-control") ?? "");
        if (
          tooBig ||
          res.statusCode !== 200 ||
          res.getHeader("set-cookie") !== undefined ||
          /private|no-store|no-cache/i.test(control) ||
          !res.getHeader("content-type")
        ) {
          return null;
        }
        const headers: [string, string][] = [];
        for (const name of keptHeaders) {
          const value = res.getHeader(name);
          if (value !== undefined) headers.push([name, String(value)]);
        }
        const html = String(res.getHeader("content-type")).startsWith("text/html");
        const clean = withoutNonce(Buffer.concat(chunks), String(res.locals.cspNonce ?? ""), html);
        if (!clean) return null;
        return {
          status: res.statusCode,
          headers,
          body: clean.body,
          gzipped: gzipSync(clean.body),
          scriptSources: clean.scriptSources,
          storedAt: startedAt,
          generation: startedGeneration,
        };
      }
    });
  }

  function middleware(req: Request, res: Response, next: NextFunction): void {
    if (
      (req.method !== "GET" && req.method !== "HEAD") ||
      !options.isPublicPath(pagePath(req.path)) ||
      req.headers.authorization !== undefined
    ) {
      stats.bypass++;
      next();
      return;
    }
    // Rendered for nobody in particular, whoever asked: the page context reads no cookie.
    res.locals.sharedRender = true;
    // The render below may still say otherwise (private, no-store): the last word is its.
    res.setHeader("Cache-Control", cacheControl);
    if (req.method === "HEAD") {
      next();
      return;
    }
    // Bots and browsers get the same page (entry.server.tsx renders it whole for both).
    const key = req.originalUrl;
    const entry = entries.get(key);
    const at = now();
    if (entry && entry.generation === generation) {
      const age = at - entry.storedAt;
      if (age < options.freshMs) {
        stats.hits++;
        serve(req, res, entry, "HIT");
        return;
      }
      if (age < options.freshMs + options.staleMs && renderingNow(key, at)) {
        stats.stale++;
        serve(req, res, entry, "STALE");
        return;
      }
    }
    const pending = renderingNow(key, at);
    if (pending) {
      stats.waited++;
      const waitedGeneration = generation;
      let timer: NodeJS.Timeout | undefined;
      const givenUp = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), renderWaitMs - (at - pending.startedAt));
      });
      Promise.race([pending.rendering, givenUp]).then((rendered) => {
        clearTimeout(timer);
        if (rendered && rendered.generation === generation && generation === waitedGeneration) {
          stats.hits++;
          serve(req, res, rendered, "HIT");
        } else next();
      }, next);
      return;
    }
    stats.misses++;
    res.setHeader("X-Cache", "MISS");
    const started = { rendering: capture(res, at, generation), startedAt: at };
    started.rendering = started.rendering.then((rendered) => {
      if (inFlight.get(key) === started) inFlight.delete(key);
      if (rendered) keep(key, rendered);
      return rendered;
    });
    inFlight.set(key, started);
    next();
  }

  options.siblings?.subscribe((kind) => {
    if (kind === "edit") emptied();
    else availabilityChangedHere(false);
  });

  return { middleware, invalidate, availabilityChanged, stats, cacheControl };
}
