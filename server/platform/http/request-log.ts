import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "#server/platform/runtime/logger.ts";

declare module "node:http" {
  interface IncomingMessage {
    /** This request's id (its `X-Request-Id`). */
    id: string;
    /** A logger whose lines carry this request's id (`reqId`). */
    log: Logger;
  }
}

type LoggedResponse = ServerResponse & { locals?: { userId?: string } };

/** Called where a request's caller is known (pages, functions): its line names the user. */
export function noteRequestUser(res: ServerResponse, auth: { userId: string } | null): void {
  const locals = (res as LoggedResponse).locals;
  if (auth && locals) locals.userId = auth.userId;
}

/** The request's id: the caller's `X-Request-Id` when it looks like one, else a new one. */
function requestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers["x-request-id"];
  const id = typeof given === "string" && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
  res.setHeader("X-Request-Id", id);
  return id;
}

/**
 * One compact line per request (decision 016): method, path (no query string: it may
 * hold a phone number or a booking reference), status, milliseconds, the request id
 * (`reqId`, also on every line a handler writes) and the user id when signed in. At
 * `debug` the line also carries the request and response with their headers (cookies
 * and tokens redacted, server/platform/runtime/logger.ts).
 *
 * Written by hand rather than with pino-http, which built a child logger with the
 * serialised, redacted request for every request, logged or not: the largest cost of a
 * callable call after the socket itself. Here the child logger is made only when a
 * handler writes a line, and nothing is built when the level drops the line.
 */
export function requestLogger(log: Logger) {
  const withHeaders = log.isLevelEnabled("debug");
  const logsRequests = log.isLevelEnabled("info");
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const started = performance.now();
    const id = requestId(req, res);
    let child: Logger | undefined;
    req.id = id;
    Object.defineProperty(req, "log", {
      configurable: true,
      get: () => {
        child ??= log.child({ reqId: id });
        return child;
      },
    });
    const path = ((req as { originalUrl?: string }).originalUrl ?? req.url ?? "").split("?")[0];
    if (path?.startsWith("/assets/")) {
      next();
      return;
    }
    const line = () => ({
      reqId: id,
      method: req.method,
      path,
      status: res.statusCode,
      ms: Math.round(performance.now() - started),
      userId: (res as LoggedResponse).locals?.userId,
      ...(withHeaders
        ? {
            req: { method: req.method, url: req.url, headers: req.headers },
            res: { statusCode: res.statusCode, headers: res.getHeaders() },
          }
        : {}),
    });
    res.once("close", () => {
      if (!res.writableFinished) {
        log.warn(line(), "request aborted");
      } else if (res.statusCode >= 500) {
        log.error(line(), "request failed");
      } else if (logsRequests) {
        log.info(line(), "request");
      }
    });
    next();
  };
}
