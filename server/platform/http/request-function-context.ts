import type { Request } from "express";
import type { Auth } from "#server/platform/auth/caller.ts";
import type { FunctionContext } from "#server/platform/callable/define-function.ts";
import type { CookieJar } from "#server/platform/http/cookie-jar.ts";
import type { Services } from "#server/platform/runtime/services.ts";
import { clientInfo } from "./http-cookies.ts";

/**
 * The context a function runs in for one HTTP request (a callable call, a page, the
 * viewer): who asks, the request's logger, address and cookies, and the abort signal.
 * A plain call; the callable router adds streaming and the Firebase headers (`extra`).
 */
export function requestFunctionContext(
  req: Request,
  request: { services: Services; auth: Auth | null; cookies: CookieJar; signal: AbortSignal },
  extra: Partial<Omit<FunctionContext, "log">> = {},
): FunctionContext {
  const context: FunctionContext = {
    auth: request.auth,
    requestId: String(req.id),
    // A getter: the request's child logger is made only if something writes a line.
    get log() {
      return req.log;
    },
    db: request.services.database.db,
    client: clientInfo(req),
    cookies: request.cookies,
    services: request.services,
    signal: request.signal,
    acceptsStreaming: false,
    sendChunk: () => {},
  };
  // Assigned onto the context, not spread into a new one: a spread would call the getter.
  return Object.assign(context, extra);
}
