import type { Request, Response } from "express";
import { readCookie } from "#contract/read-cookie.ts";
import type { ClientInfo } from "#server/platform/auth/caller.ts";
import type { CookieJar } from "#server/platform/http/cookie-jar.ts";

/**
 * The cookies of one Express request/response. Every cookie we set is path `/`,
 * SameSite=Lax, and Secure when the public address is https (seed spec section 3).
 */
export function expressCookieJar(req: Request, res: Response, secure: boolean): CookieJar {
  return {
    get: (name) => readCookie(name, req.headers.cookie ?? ""),
    set(name, value, options) {
      res.cookie(name, value, {
        path: "/",
        sameSite: "lax",
        secure,
        httpOnly: options.httpOnly,
        ...(options.maxAge === undefined ? {} : { maxAge: options.maxAge * 1000 }),
      });
    },
    clear(name) {
      res.clearCookie(name, { path: "/", sameSite: "lax", secure });
    },
  };
}

export function clientInfo(req: Request): ClientInfo {
  const userAgent = req.headers["user-agent"];
  return {
    ip: req.ip ?? req.socket.remoteAddress ?? "unknown",
    userAgent: userAgent?.slice(0, 512) ?? null,
  };
}
