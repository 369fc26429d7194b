import type { NextFunction, Request, Response } from "express";
import { hasSessionCookie, isGatedPath, loginRedirectFor } from "#contract/gate.ts";

export type SignedInCheck = (req: Request) => boolean | Promise<boolean>;

/** Signed in means the session cookie is present: for tests without a database. The server uses auth-http.ts liveSessionCheck. */
export const sessionCookiePresent: SignedInCheck = (req) => hasSessionCookie(req.headers.cookie);

/**
 * The route gate, before any page code runs. Document requests only: client-side
 * navigations fetch `{path}.data`, which the router's root middleware gates with the
 * same rule so that the router can follow its own redirect format.
 */
export function gateMiddleware(isSignedIn: SignedInCheck) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.path.endsWith(".data") || !isGatedPath(req.path)) return next();
    try {
      if (await isSignedIn(req)) return next();
      res.setHeader("Cache-Control", "no-store");
      // 303 after a form post so the browser follows with GET.
      const status = req.method === "GET" || req.method === "HEAD" ? 302 : 303;
      res.redirect(status, loginRedirectFor(req.originalUrl));
    } catch (error) {
      next(error);
    }
  };
}
