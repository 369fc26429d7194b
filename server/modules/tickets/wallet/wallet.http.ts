import express, { type Request, type Response } from "express";
import type { Auth } from "#server/platform/auth/caller.ts";
import type { CookieJar } from "#server/platform/http/cookie-jar.ts";
import { expressCookieJar } from "#server/platform/http/http-cookies.ts";
import type { Services } from "#server/platform/runtime/services.ts";
import { ticketKeyRing } from "../ticket-keys.ts";
import { qrTokenFor } from "../ticket-qr.ts";
import { applePass, PKPASS_MEDIA_TYPE } from "./apple-pass.ts";
import { appleWebServiceRouter } from "./apple-web-service.http.ts";
import { googleObjectId, googleSaveUrl } from "./google-save-link.ts";
import { passAuthenticationToken } from "./pass-authentication.ts";
import { walletTicketFor } from "./wallet-access.ts";
import { walletCredentials } from "./wallet-credentials.ts";
import { noteGoogleObject } from "./wallet-google-sync.ts";
import type { WalletTicket } from "./wallet-ticket.ts";

export type WalletRouteDeps = {
  services: Services;
  /** The signed-in caller from the page session cookie, as the pages resolve it. */
  resolveAuth?: ((req: Request, cookies: CookieJar) => Promise<Auth | null>) | undefined;
  secureCookies: boolean;
};

/**
 * `GET /wallet/apple/{ticketId}.pkpass` and `GET /wallet/google/{ticketId}` (links from
 * `walletPaths`), plus Apple's pass web service. Anything but a valid ticket asked for by
 * its holder or with its current link key answers 404, as does a wallet not configured.
 */
export function walletRouter(deps: WalletRouteDeps): express.Router {
  const { services } = deps;
  const { settings } = services;
  const router = express.Router();
  const notFound = (res: Response) => void res.status(404).type("text/plain").send("Not found.");

  async function ticketOf(req: Request, res: Response, ticketId: string) {
    const cookies = expressCookieJar(req, res, deps.secureCookies);
    const auth = (await deps.resolveAuth?.(req, cookies)) ?? null;
    const key = typeof req.query.k === "string" ? req.query.k : undefined;
    return walletTicketFor(services.database.db, settings.APP_SECRET, ticketId, {
      key,
      userId: auth?.userId ?? null,
    });
  }
  async function tokenOf(ticket: WalletTicket): Promise<string> {
    const ring = await ticketKeyRing(services.database.db, settings.APP_SECRET);
    return qrTokenFor(ring, {
      id: ticket.id,
      eventShortId: ticket.event.shortId,
      generation: ticket.generation,
    });
  }

  router.get("/wallet/apple/:file", async (req, res, next) => {
    try {
      const apple = walletCredentials(settings).apple;
      const ticketId = /^(.+)\.pkpass$/.exec(req.params.file)?.[1];
      const ticket = apple && ticketId ? await ticketOf(req, res, ticketId) : null;
      if (!apple || !ticket) return notFound(res);
      const body = await applePass(apple, {
        ticket,
        qrToken: await tokenOf(ticket),
        publicUrl: settings.PUBLIC_URL,
        authenticationToken: passAuthenticationToken(settings.APP_SECRET, ticket),
      });
      res.setHeader("Cache-Control", "private, no-store");
      res.setHeader("Content-Disposition", `attachment; filename="ticket-${ticket.id}.pkpass"`);
      res.type(PKPASS_MEDIA_TYPE).send(body);
    } catch (error) {
      next(error);
    }
  });

  router.get("/wallet/google/:ticketId", async (req, res, next) => {
    try {
      const google = walletCredentials(settings).google;
      const ticket = google ? await ticketOf(req, res, req.params.ticketId) : null;
      if (!google || !ticket) return notFound(res);
      await noteGoogleObject(services.database.db, {
        objectId: googleObjectId(google, ticket),
        ticketId: ticket.id,
        generation: ticket.generation,
      });
      const url = await googleSaveUrl(google, {
        ticket,
        qrToken: await tokenOf(ticket),
        publicUrl: settings.PUBLIC_URL,
      });
      res.setHeader("Cache-Control", "private, no-store");
      res.redirect(303, url);
    } catch (error) {
      next(error);
    }
  });

  router.use(appleWebServiceRouter(services));
  return router;
}
