import express, { type Request, type Response } from "express";
import type { Auth } from "#server/platform/auth/caller.ts";
import type { FunctionContext } from "#server/platform/callable/define-function.ts";
import { FunctionError, internalError } from "#server/platform/callable/function-error.ts";
import type { Registry } from "#server/platform/callable/registry.ts";
import type { CookieJar } from "#server/platform/http/cookie-jar.ts";
import type { Services } from "#server/platform/runtime/services.ts";
import { expressCookieJar } from "./http-cookies.ts";
import { requestFunctionContext } from "./request-function-context.ts";
import { noteRequestUser } from "./request-log.ts";

export type ViewerRouteDeps = {
  registry: Registry;
  services: Services;
  secureCookies: boolean;
  /** Who the cookies sign in, renewing their tokens when due (as a page does). */
  resolveAuth: (req: Request, cookies: CookieJar) => Promise<Auth | null>;
};

const nobody = { user: null, event: null };

/**
 * `GET /session/viewer[?event={shortId}]`: the signed-in person's own part of a shared
 * page (decision 032), answered by the `sessions.viewer` function. Straight from Express,
 * not through the page router: every signed-in load of a shared page asks it once. Private:
 * no cache keeps it.
 */
export function viewerRouter(deps: ViewerRouteDeps): express.Router {
  const router = express.Router();
  router.get("/session/viewer", async (req, res) => {
    res.setHeader("Cache-Control", "private, no-store");
    try {
      const cookies = expressCookieJar(req, res, deps.secureCookies);
      const auth = await deps.resolveAuth(req, cookies);
      noteRequestUser(res, auth);
      if (!auth) return void res.json(nobody);
      const event = req.query.event;
      const answer = await deps.registry.invoke(
        "sessions.viewer",
        event === undefined ? null : { event },
        functionContext(req, res, deps.services, auth, cookies),
      );
      res.json(answer);
    } catch (error) {
      answerFailure(req, res, error);
    }
  });
  return router;
}

function functionContext(
  req: Request,
  res: Response,
  services: Services,
  auth: Auth,
  cookies: CookieJar,
): FunctionContext {
  const abort = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) abort.abort();
  });
  return requestFunctionContext(req, { services, auth, cookies, signal: abort.signal });
}

/** A session that no longer works is nobody; a bad event id, its canonical error. */
function answerFailure(req: Request, res: Response, error: unknown): void {
  if (error instanceof FunctionError) {
    if (error.status === "UNAUTHENTICATED") return void res.json(nobody);
    return void res.status(error.httpCode).json({ error: error.toJSON() });
  }
  req.log?.error({ err: error }, "viewer failed");
  res.status(500).json({ error: internalError().toJSON() });
}
