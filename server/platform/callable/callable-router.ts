import express, { type NextFunction, type Request, type Response } from "express";
import { IDEMPOTENCY_HEADER } from "#contract/api-keys.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import { expressCookieJar } from "#server/platform/http/http-cookies.ts";
import { requestFunctionContext } from "#server/platform/http/request-function-context.ts";
import { noteRequestUser } from "#server/platform/http/request-log.ts";
import type { Services } from "#server/platform/runtime/services.ts";
import { type CallAnswer, errorAnswer, type FreshAnswer, resultAnswer } from "./call-answer.ts";
import type { FunctionContext } from "./define-function.ts";
import { FunctionError, internalError } from "./function-error.ts";
import { IDEMPOTENT_REPLAYED_HEADER, idempotentCallOf, runOnce } from "./idempotency.ts";
import type { Registry } from "./registry.ts";

/**
 * The caller a bearer stands for, or null for a bad one (401, "Your session has
 * expired"). A verifier with a more useful answer (an API key's) throws its own
 * FunctionError instead, which the caller gets as it is.
 */
export type BearerVerifier = (token: string) => Promise<Auth | null>;

export type CallableDeps = {
  registry: Registry;
  services: Services;
  verifyBearer: BearerVerifier;
  secureCookies: boolean;
  /** Milliseconds between SSE heartbeat comments on streamed calls. */
  heartbeatMs?: number;
};

export const MAX_BODY_BYTES = 1024 * 1024;
const jsonBody = express.json({ limit: MAX_BODY_BYTES, type: () => true, strict: false });

/** `POST /fn/{name}`: the callable protocol (mount under `/api`). */
export function callableRouter(deps: CallableDeps): express.Router {
  const router = express.Router();
  router.all("/fn/:name", async (req, res) => {
    const call = new CallResponder(req, res, deps);
    try {
      const data = await readCall(req, res);
      const auth = await authenticate(req, deps.verifyBearer);
      noteRequestUser(res, auth);
      const name = req.params.name ?? "";
      const run = () => call.answer(() => deps.registry.invoke(name, data, call.context(auth)));
      // An API key's write with an Idempotency-Key runs once per key (idempotency.ts).
      const once = idempotentCallOf({
        registry: deps.registry,
        name,
        data,
        auth,
        header: req.headers[IDEMPOTENCY_HEADER.toLowerCase()],
        streaming: call.streaming,
      });
      call.send(once ? await runOnce(deps.services.database.db, req.log, once, run) : await run());
    } catch (error) {
      call.fail(error);
    }
  });
  // Express fails to decode a name like `%ZZ` before the handler runs; without this the
  // app's last-resort handler would answer a bare 500 for a caller's mistake.
  router.use("/fn", (error: unknown, req: Request, res: Response, next: NextFunction) => {
    const status = (error as { status?: unknown }).status;
    if (typeof status !== "number" || status < 400 || status > 499) return next(error);
    new CallResponder(req, res, deps).fail(
      new FunctionError("INVALID_ARGUMENT", "The function name is not valid."),
    );
  });
  return router;
}

/** Parses the body: POST, JSON, at most 1 MiB, an object with a `data` field. */
async function readCall(req: Request, res: Response): Promise<unknown> {
  if (req.method !== "POST") {
    res.setHeader("Allow", "POST");
    throw new FunctionError("INVALID_ARGUMENT", "Functions are called with POST.");
  }
  if (!req.is("application/json")) {
    throw new FunctionError(
      "INVALID_ARGUMENT",
      "The request body must be JSON (application/json).",
    );
  }
  await new Promise<void>((resolve, reject) => {
    jsonBody(req, res, (error?: unknown) => (error ? reject(bodyError(error)) : resolve()));
  });
  const body: unknown = req.body;
  if (typeof body !== "object" || body === null || Array.isArray(body) || !("data" in body)) {
    throw new FunctionError(
      "INVALID_ARGUMENT",
      "The request body must be a JSON object with a data field.",
    );
  }
  return body.data;
}

function bodyError(error: unknown): FunctionError {
  const type = (error as { type?: string }).type;
  if (type === "entity.too.large") {
    return new FunctionError("INVALID_ARGUMENT", "The request body is larger than 1 MiB.");
  }
  if (type === "entity.parse.failed") {
    return new FunctionError("INVALID_ARGUMENT", "The request body is not valid JSON.");
  }
  return new FunctionError("INVALID_ARGUMENT", "The request body could not be read.");
}

/**
 * No Authorization header: anonymous. A header that is not a valid bearer: 401. The
 * verifier's own FunctionError (a revoked API key, a key over its rate) goes out as it is.
 */
async function authenticate(req: Request, verify: BearerVerifier): Promise<Auth | null> {
  const header = req.headers.authorization;
  if (header === undefined) return null;
  const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
  const auth = match?.[1] ? await verify(match[1]) : null;
  if (!auth)
    throw new FunctionError("UNAUTHENTICATED", "Your session has expired. Please sign in again.");
  return auth;
}

/**
 * The seconds a RESOURCE_EXHAUSTED error asks the caller to wait (its `retryAfterSeconds`,
 * rateLimitedError), for the `Retry-After` header that HTTP clients and proxies read.
 */
function retryAfterOf(error: FunctionError): number | undefined {
  if (error.status !== "RESOURCE_EXHAUSTED") return undefined;
  const seconds = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof seconds === "number" && Number.isFinite(seconds) && seconds >= 0
    ? Math.ceil(seconds)
    : undefined;
}

function singleHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Writes one call's answer: JSON (`{result}` / `{error}`), or server-sent events when the
 * caller accepts `text/event-stream`, in which case every error is SSE-framed too.
 */
class CallResponder {
  readonly streaming: boolean;
  private readonly abort = new AbortController();
  private heartbeat: NodeJS.Timeout | undefined;
  private streamStarted = false;
  private readonly req: Request;
  private readonly res: Response;
  private readonly deps: CallableDeps;

  constructor(req: Request, res: Response, deps: CallableDeps) {
    this.req = req;
    this.res = res;
    this.deps = deps;
    this.streaming = (req.headers.accept ?? "").includes("text/event-stream");
    res.on("close", () => {
      if (!res.writableFinished) this.abort.abort();
      this.stopHeartbeat();
    });
  }

  context(auth: Auth | null): FunctionContext {
    const { req } = this;
    if (this.streaming) {
      // A quick answer keeps its own HTTP status; a slow one opens the stream so that
      // heartbeats keep proxies from closing it while the handler works.
      this.heartbeat = setTimeout(() => this.startStream(200), this.heartbeatMs);
      this.heartbeat.unref();
    }
    return requestFunctionContext(
      req,
      {
        services: this.deps.services,
        auth,
        cookies: expressCookieJar(req, this.res, this.deps.secureCookies),
        signal: this.abort.signal,
      },
      {
        instanceIdToken: singleHeader(req.headers["firebase-instance-id-token"]),
        appCheckToken: singleHeader(req.headers["x-firebase-appcheck"]),
        acceptsStreaming: this.streaming,
        sendChunk: (message) => {
          if (!this.streaming || this.res.writableEnded) return;
          this.startStream(200);
          this.res.write(`data: ${JSON.stringify({ message: message ?? null })}\n\n`);
        },
      },
    );
  }

  /** The answer of running `invoke`: its result, or its error (never throws). */
  async answer(invoke: () => Promise<unknown>): Promise<FreshAnswer> {
    try {
      return (
        resultAnswer(await invoke()) ??
        this.answerOfError(new Error("The function's result cannot be written as JSON."))
      );
    } catch (error) {
      return this.answerOfError(error);
    }
  }

  fail(error: unknown): void {
    this.send(this.answerOfError(error));
  }

  private answerOfError(error: unknown): FreshAnswer {
    if (!(error instanceof FunctionError)) {
      this.req.log.error({ err: error, requestId: this.req.id }, "function failed");
    }
    const failure = error instanceof FunctionError ? error : internalError();
    const retryAfter = retryAfterOf(failure);
    if (retryAfter !== undefined && !this.res.headersSent) {
      this.res.setHeader("Retry-After", String(retryAfter));
    }
    const answer = errorAnswer(failure);
    if (answer.detailsDropped) {
      this.req.log.warn({ requestId: this.req.id }, "error details cannot be written as JSON");
    }
    return answer;
  }

  /** Writes the answer; one given again for an Idempotency-Key says so in a header. */
  send(answer: CallAnswer & { replayed?: true }): void {
    const { res } = this;
    if (res.writableEnded || res.destroyed) return;
    if (answer.replayed) res.setHeader(IDEMPOTENT_REPLAYED_HEADER, "true");
    const { httpCode, json } = answer;
    if (this.streaming) {
      this.startStream(httpCode);
      res.end(`data: ${json}\n\n`);
    } else {
      // Written directly: res.send would hash the body for an ETag nobody revalidates (a
      // POST answer) and re-derive the type and length; about 3 % of a call's CPU.
      res.statusCode = httpCode;
      res.setHeader("Content-Type", "application/json; charset=utf-8");
      res.setHeader("Content-Length", Buffer.byteLength(json));
      res.end(json);
    }
    this.stopHeartbeat();
  }

  private startStream(httpCode: number): void {
    if (this.streamStarted) return;
    this.streamStarted = true;
    this.res.status(httpCode);
    this.res.setHeader("Content-Type", "text/event-stream; charset=utf-8");
    this.res.setHeader("Cache-Control", "no-cache, no-transform");
    this.res.setHeader("X-Accel-Buffering", "no");
    this.res.flushHeaders();
    this.res.write(": ping\n\n");
    this.stopHeartbeat();
    this.heartbeat = setInterval(() => this.res.write(": ping\n\n"), this.heartbeatMs);
    this.heartbeat.unref();
  }

  private get heartbeatMs(): number {
    return this.deps.heartbeatMs ?? 15_000;
  }

  private stopHeartbeat(): void {
    // clearInterval clears timeouts too: one handle for the first beat and the rest.
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}
