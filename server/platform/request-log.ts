import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pinoHttp } from "pino-http";
import type { Logger } from "./logger.ts";

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
 * and tokens redacted, server/platform/logger.ts).
 */
export function requestLogger(log: Logger) {
  const withHeaders = log.isLevelEnabled("debug");
  const line = (req: IncomingMessage, res: ServerResponse, ms: number) => ({
    method: req.method,
    path: ((req as { originalUrl?: string }).originalUrl ?? req.url ?? "").split("?")[0],
    status: res.statusCode,
    ms,
    userId: (res as LoggedResponse).locals?.userId,
    ...(withHeaders ? { req, res } : {}),
  });
  return pinoHttp({
    logger: log,
    genReqId: requestId,
    // Handlers' own lines carry only the request id, not the whole request.
    quietReqLogger: true,
    quietResLogger: true,
    autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") ?? false },
    customSuccessObject: (req, res, value) => line(req, res, value.responseTime),
    customErrorObject: (req, res, err, value) => ({ ...line(req, res, value.responseTime), err }),
    customSuccessMessage: () => "request",
    customErrorMessage: () => "request failed",
  });
}
