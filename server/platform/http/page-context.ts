import type { Request, Response } from "express";
import { type RouterContext, RouterContextProvider } from "react-router";
import type { Auth } from "#server/platform/auth/caller.ts";
import type { Registry } from "#server/platform/callable/registry.ts";
import type { CookieJar } from "#server/platform/http/cookie-jar.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import type { Services } from "#server/platform/runtime/services.ts";
import { expressCookieJar } from "./http-cookies.ts";
import { requestFunctionContext } from "./request-function-context.ts";
import { noteRequestUser } from "./request-log.ts";
import { isSameOriginRequest } from "./same-origin.ts";

/** Function name → its input and output types (the app's is `AppFunctions`). */
export type FunctionCatalog = Record<string, { input: unknown; output: unknown }>;

/**
 * What loaders and actions get from the server: the same functions the API serves. The
 * app names its catalogue (`app/server-context.ts`); the platform knows none.
 */
export type ServerContext<F extends FunctionCatalog = FunctionCatalog> = {
  requestId: string;
  /** Nonce of this response's Content-Security-Policy, for inline scripts. */
  cspNonce: string;
  /** The site's public address (PUBLIC_URL, no trailing slash), for links that leave the page. */
  publicUrl: string;
  log: Logger;
  auth: Auth | null;
  /** The server runs with NODE_ENV=test: test-only routes may misbehave on purpose. */
  testMode: boolean;
  /**
   * Whether this request comes from one of our own pages (`Sec-Fetch-Site` / `Origin`,
   * server/platform/http/same-origin.ts). Form actions refuse it when false: they act on the
   * cookies, which a cross-site form would carry.
   */
  sameOrigin: boolean;
  invoke<N extends keyof F & string>(name: N, data: F[N]["input"]): Promise<F[N]["output"]>;
  /**
   * A shared render (decision 032): a public page that the shared cache may give to anyone
   * who asks, signed in or not. Its `auth` is null whoever asked, and nothing of it reads
   * the cookies; the person's own parts (the header's name) come from their own request.
   */
  shared: boolean;
  /**
   * The same context as the person whose cookies came with this request (null when nobody
   * is signed in), for the rare shared render that turns out to be personal (an owner's
   * preview of a draft): asking makes the answer private, so no cache keeps it.
   */
  personal(): Promise<ServerContext<F> | null>;
};

export type PageContextDeps = {
  registry: Registry;
  services: Services;
  secureCookies: boolean;
  /** The router's context key, taken from the app bundle's entry module. */
  key: RouterContext<ServerContext>;
  testMode: boolean;
  /**
   * Who the page's cookies sign in (and, where needed, renews their tokens through the
   * jar); pages are anonymous without it.
   */
  resolveAuth?: (req: Request, cookies: CookieJar) => Promise<Auth | null>;
};

export function pageContextFactory(deps: PageContextDeps) {
  return async (req: Request, res: Response): Promise<RouterContextProvider> => {
    const cookies = expressCookieJar(req, res, deps.secureCookies);
    const shared = res.locals.sharedRender === true;
    const abort = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) abort.abort();
    });
    const context = new RouterContextProvider();
    const personal = async (): Promise<ServerContext | null> => {
      // Said before the cookies are read: a renewal's Set-Cookie would also keep it private.
      res.setHeader("Cache-Control", "private, no-store");
      const auth = (await deps.resolveAuth?.(req, cookies)) ?? null;
      noteRequestUser(res, auth);
      return auth ? contextAs(auth, false) : null;
    };
    const contextAs = (auth: Auth | null, isShared: boolean): ServerContext => {
      const base = requestFunctionContext(req, {
        services: deps.services,
        auth,
        cookies,
        signal: abort.signal,
      });
      return {
        requestId: base.requestId,
        cspNonce: String(res.locals.cspNonce ?? ""),
        publicUrl: deps.services.settings.PUBLIC_URL.replace(/\/+$/, ""),
        get log() {
          return req.log;
        },
        auth,
        testMode: deps.testMode,
        sameOrigin: isSameOriginRequest(
          {
            method: req.method,
            origin: req.headers.origin,
            secFetchSite: req.get("sec-fetch-site"),
          },
          [deps.services.settings.PUBLIC_URL, `${req.protocol}://${req.get("host") ?? ""}`],
        ),
        invoke: (name, data) => deps.registry.invoke(name, data, base) as never,
        shared: isShared,
        personal: isShared ? personal : async () => (auth ? contextAs(auth, false) : null),
      };
    };
    let auth: Auth | null = null;
    if (!shared) {
      auth = (await deps.resolveAuth?.(req, cookies)) ?? null;
      noteRequestUser(res, auth);
      // A signed-in page shows who it is for: no shared cache may keep it.
      if (auth) res.setHeader("Cache-Control", "private, no-store");
    }
    context.set(deps.key, contextAs(auth, shared));
    return context;
  };
}
