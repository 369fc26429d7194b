import express, { type Request, type Response } from "express";
import type { Services } from "#server/platform/runtime/services.ts";
import { ticketKeyRing } from "../ticket-keys.ts";
import { qrTokenFor } from "../ticket-qr.ts";
import { APPLE_WEB_SERVICE_PATH, applePass, PKPASS_MEDIA_TYPE } from "./apple-pass.ts";
import { generationOfPassToken } from "./pass-authentication.ts";
import { walletCredentials } from "./wallet-credentials.ts";
import {
  forgetDevice,
  rememberDevice,
  ticketsUpdatedSince,
} from "./wallet-device-registrations.ts";
import { findWalletTicket, type WalletTicket } from "./wallet-ticket.ts";

/**
 * Apple's PassKit web service (Wallet Developer Guide, "Updating a pass"): devices
 * register for a pass, ask which of theirs changed since a tag, and fetch the latest.
 * A pass of an earlier generation (given away since) or of a ticket no longer valid
 * comes back voided, without a barcode.
 */
export function appleWebServiceRouter(services: Services): express.Router {
  const { settings } = services;
  const db = services.database.db;
  const router = express.Router();
  const base = `${APPLE_WEB_SERVICE_PATH}/v1`;
  const json = express.json({ limit: 64 * 1024 });
  const apple = () => walletCredentials(settings).apple;

  /** The pass a request's `ApplePass` token opens, with the generation it was made for. */
  async function authorisedPass(req: Request, passTypeId: string, serial: string) {
    const credentials = apple();
    if (!credentials || passTypeId !== credentials.passTypeId) return null;
    const token = /^ApplePass (\S+)$/.exec(req.get("authorization") ?? "")?.[1];
    if (!token) return null;
    const ticket = await findWalletTicket(db, serial);
    const generation = ticket && generationOfPassToken(settings.APP_SECRET, ticket.id, token);
    if (!ticket || !generation || generation > ticket.generation) return null;
    return { credentials, ticket, generation, token };
  }
  const unauthorised = (res: Response) => void res.status(401).end();

  router.post(
    `${base}/devices/:device/registrations/:passType/:serial`,
    json,
    async (req, res, next) => {
      try {
        const found = await authorisedPass(req, req.params.passType, req.params.serial);
        const pushToken = (req.body as { pushToken?: unknown } | undefined)?.pushToken;
        if (!found) return unauthorised(res);
        if (typeof pushToken !== "string" || pushToken.length > 200) {
          return void res.status(400).end();
        }
        const created = await rememberDevice(db, {
          deviceLibraryId: req.params.device,
          passTypeId: req.params.passType,
          ticketId: found.ticket.id,
          pushToken,
        });
        res.status(created ? 201 : 200).end();
      } catch (error) {
        next(error);
      }
    },
  );

  router.delete(
    `${base}/devices/:device/registrations/:passType/:serial`,
    async (req, res, next) => {
      try {
        const found = await authorisedPass(req, req.params.passType, req.params.serial);
        if (!found) return unauthorised(res);
        await forgetDevice(db, {
          deviceLibraryId: req.params.device,
          passTypeId: req.params.passType,
          ticketId: found.ticket.id,
        });
        res.status(200).end();
      } catch (error) {
        next(error);
      }
    },
  );

  router.get(`${base}/devices/:device/registrations/:passType`, async (req, res, next) => {
    try {
      if (req.params.passType !== apple()?.passTypeId) return void res.status(404).end();
      const since =
        typeof req.query.passesUpdatedSince === "string" ? req.query.passesUpdatedSince : null;
      const updated = await ticketsUpdatedSince(db, {
        deviceLibraryId: req.params.device,
        passTypeId: req.params.passType,
        since: since && /^\d{1,20}$/.test(since) ? since : null,
      });
      if (updated.serialNumbers.length === 0) return void res.status(204).end();
      res.json(updated);
    } catch (error) {
      next(error);
    }
  });

  router.get(`${base}/passes/:passType/:serial`, async (req, res, next) => {
    try {
      const found = await authorisedPass(req, req.params.passType, req.params.serial);
      if (!found) return unauthorised(res);
      const { ticket, credentials, generation, token } = found;
      const lastModified = new Date(Math.floor(ticket.lastUpdated.getTime() / 1000) * 1000);
      const since = Date.parse(req.get("if-modified-since") ?? "");
      // The header has whole seconds: a change later in the same second is sent, not missed.
      if (!Number.isNaN(since) && ticket.lastUpdated.getTime() < since) {
        return void res.status(304).end();
      }
      const body = await applePass(credentials, {
        ticket,
        qrToken: generation === ticket.generation ? await liveToken(ticket) : null,
        publicUrl: settings.PUBLIC_URL,
        authenticationToken: token,
      });
      res.setHeader("Last-Modified", lastModified.toUTCString());
      res.setHeader("Cache-Control", "no-cache");
      res.type(PKPASS_MEDIA_TYPE).send(body);
    } catch (error) {
      next(error);
    }
  });

  router.post(`${base}/log`, json, (req, res) => {
    const logs = (req.body as { logs?: unknown } | undefined)?.logs;
    if (Array.isArray(logs)) {
      for (const line of logs.slice(0, 20)) {
        services.log.warn(
          { wallet: "apple", device: String(line).slice(0, 500) },
          "wallet device log",
        );
      }
    }
    res.status(200).end();
  });

  /** The QR of a ticket that is still its holder's to show; none for a used or cancelled one. */
  async function liveToken(ticket: WalletTicket): Promise<string | null> {
    if (ticket.status !== "valid") return null;
    const ring = await ticketKeyRing(db, settings.APP_SECRET);
    return qrTokenFor(ring, {
      id: ticket.id,
      eventShortId: ticket.event.shortId,
      generation: ticket.generation,
    });
  }
  return router;
}
