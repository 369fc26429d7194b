import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import type { RouterContext, ServerBuild } from "react-router";
import { eventImagesRouter } from "./modules/events/event-images.http.ts";
import { checkoutPageOrigins } from "./modules/payments/checkout-origins.ts";
import { ticketKeysRouter } from "./modules/tickets/ticket-keys.http.ts";
import { walletRouter } from "./modules/tickets/wallet/wallet.http.ts";
import type { BearerVerifier } from "./platform/callable/callable-router.ts";
import { callableRouter } from "./platform/callable/callable-router.ts";
import type { Registry } from "./platform/callable/registry.ts";
import { doorAppHeaders } from "./platform/http/door-app-headers.ts";
import {
  gateMiddleware,
  type SignedInCheck,
  sessionCookiePresent,
} from "./platform/http/gate-middleware.ts";
import {
  type PageContextDeps,
  pageContextFactory,
  type ServerContext,
} from "./platform/http/page-context.ts";
import { requestLogger } from "./platform/http/request-log.ts";
import { securityHeaders } from "./platform/http/security-headers.ts";
import { testApiDelay } from "./platform/http/test-api-delay.ts";
import { viewerRouter } from "./platform/http/viewer-route.ts";
import { createPageCache, type PageCache } from "./platform/page-cache/page-cache.ts";
import { invalidatingRegistry } from "./platform/page-cache/page-cache-invalidation.ts";
import { publicPathMatcher } from "./platform/page-cache/public-pages.ts";
import type { Services } from "./platform/runtime/services.ts";
import { siblingProcesses } from "./platform/runtime/worker-processes.ts";

export type Pages = {
  /** The React Router server build, or a loader of it (development: Vite's SSR module). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The router's context key, from the build's entry module. */
  contextKey: RouterContext<ServerContext>;
  /** Folder of the built client assets (production). */
  clientDir?: string;
  /** Development: Vite's middleware, serving modules and assets. */
  devMiddleware?: express.RequestHandler;
  mode: "production" | "development";
};

export type AppDeps = {
  services: Services;
  registry: Registry;
  verifyBearer: BearerVerifier;
  isSignedIn?: SignedInCheck;
  resolveAuth?: PageContextDeps["resolveAuth"];
  /** Public keys that verify access tokens, served at /.well-known/jwks.json. */
  jwks?: () => Promise<unknown>;
  /** Extra routes under /api (e.g. the refresh endpoint), before the 404. */
  apiRoutes?: express.Router[];
  /** Browser-facing sign-in routes outside /api (e.g. `/auth/oidc/…`), before the pages. */
  authRoutes?: express.Router[];
  secureTransport: boolean;
  /**
   * NODE_ENV=test: enables test-only behaviour such as the failing page `/__test/fail`
   * and slow `/api` answers on demand (`POST /__test/api-delay`).
   */
  testMode?: boolean;
  pages?: Pages;
};

/** The HTTP application: health, `/api`, then the gate and the pages. */
export function createApp(appDeps: AppDeps): express.Express {
  const pageCache = publicPageCache(appDeps);
  // Every edit that changes a public page empties the shared page cache (decision 017).
  const deps = pageCache
    ? { ...appDeps, registry: invalidatingRegistry(appDeps.registry, pageCache) }
    : appDeps;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");

  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      await deps.services.database.ping();
      res.json({ status: "ready", database: deps.services.database.kind });
    } catch {
      res.status(503).json({ status: "unavailable", database: deps.services.database.kind });
    }
  });

  app.use(requestLogger(deps.services.log));
  app.use(
    securityHeaders({
      secureTransport: deps.secureTransport,
      formTargets: checkoutPageOrigins(deps.services.settings),
    }),
  );
  const { jwks } = deps;
  if (jwks) {
    app.get("/.well-known/jwks.json", async (_req, res, next) => {
      try {
        const body = await jwks();
        // Short: after a rotation, verifiers elsewhere see the new key within minutes.
        res.setHeader("Cache-Control", "public, max-age=300");
        res.json(body);
      } catch (error) {
        next(error);
      }
    });
  }
  app.use(
    compression({
      // Server-sent events must reach the client as written, not when a buffer fills.
      filter: (req, res) =>
        !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") &&
        compression.filter(req, res),
    }),
  );

  if (deps.testMode) app.use(testApiDelay());
  const api = express.Router();
  api.use(
    callableRouter({
      registry: deps.registry,
      services: deps.services,
      verifyBearer: deps.verifyBearer,
      secureCookies: deps.secureTransport,
    }),
  );
  for (const routes of deps.apiRoutes ?? []) api.use(routes);
  api.use((_req, res) => {
    res.status(404).json({ error: { status: "NOT_FOUND", message: "No such API endpoint." } });
  });
  app.use("/api", api);
  for (const routes of deps.authRoutes ?? []) app.use(routes);
  app.use(eventImagesRouter(deps.services.database.db));
  app.use(ticketKeysRouter(deps.services));
  app.use(
    walletRouter({
      services: deps.services,
      resolveAuth: deps.resolveAuth,
      secureCookies: deps.secureTransport,
    }),
  );

  if (deps.pages) {
    // The person's own part of the shared pages (decision 032), beside them, never cached.
    if (deps.resolveAuth) {
      app.use(
        viewerRouter({
          registry: deps.registry,
          services: deps.services,
          secureCookies: deps.secureTransport,
          resolveAuth: deps.resolveAuth,
        }),
      );
    }
    mountPages(app, deps, deps.pages, pageCache);
  }
  app.use(lastResortErrorHandler);
  return app;
}

/** The shared cache of anonymous public pages: production builds only, unless turned off. */
function publicPageCache(deps: AppDeps): PageCache | undefined {
  const { settings } = deps.services;
  const build = deps.pages?.build;
  if (!build || typeof build === "function" || settings.PUBLIC_CACHE_SECONDS === 0) return;
  return createPageCache({
    freshMs: settings.PUBLIC_CACHE_SECONDS * 1000,
    staleMs: settings.PUBLIC_CACHE_STALE_SECONDS * 1000,
    availabilityLagMs: settings.PUBLIC_CACHE_SECONDS * 1000,
    isPublicPath: publicPathMatcher(build),
    // WEB_CONCURRENCY > 1: an edit through one process empties every process's cache.
    siblings: siblingProcesses("page-cache"),
  });
}

function mountPages(
  app: express.Express,
  deps: AppDeps,
  pages: Pages,
  pageCache: PageCache | undefined,
): void {
  if (pages.devMiddleware) app.use(pages.devMiddleware);
  if (pages.clientDir) {
    // Vite names these files by content hash: they never change, so cache them for a year.
    app.use(
      "/assets",
      express.static(path.join(pages.clientDir, "assets"), {
        immutable: true,
        maxAge: "1y",
        index: false,
      }),
    );
    // Files at the root (favicon.svg, robots.txt…) have an extension; a page's path does
    // not, and skips the file system look-up it would cost on every page view.
    const rootFiles = express.static(pages.clientDir, {
      maxAge: "1h",
      index: false,
      setHeaders: doorAppHeaders,
    });
    app.use((req, res, next) => {
      if (/\.[^/]*$/.test(req.path) && !req.path.endsWith(".data")) rootFiles(req, res, next);
      else next();
    });
  }
  app.use(gateMiddleware(deps.isSignedIn ?? sessionCookiePresent));
  if (pageCache) app.use(pageCache.middleware);
  const contextFor = pageContextFactory({
    registry: deps.registry,
    services: deps.services,
    secureCookies: deps.secureTransport,
    resolveAuth: deps.resolveAuth,
    key: pages.contextKey,
    testMode: deps.testMode ?? false,
  });
  // `use`, not a `/{*path}` route: Express would fail to decode a path like `/%ZZ` into
  // a parameter and answer 500; the router answers it with its 404 page instead.
  app.use(
    createRequestHandler({ build: pages.build, mode: pages.mode, getLoadContext: contextFor }),
  );
}

/** A failure outside the router (which renders its own error page): no internals out. */
function lastResortErrorHandler(error: unknown, req: Request, res: Response, _next: NextFunction) {
  req.log?.error({ err: error }, "request failed");
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(500).type("text/plain").send("Internal Server Error");
}
