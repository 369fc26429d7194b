import express from "express";
import { TOKEN_LENGTH, TOKEN_VERSION } from "#contract/ticket-token-bytes.ts";
import type { Services } from "#server/platform/runtime/services.ts";
import { ticketKeyRing } from "./ticket-keys.ts";

/** Where door devices fetch the public keys that verify ticket QR tokens offline. */
export const TICKET_KEYS_PATH = "/.well-known/ticket-keys.json";

/**
 * `GET /.well-known/ticket-keys.json`: every key that signed tickets still in circulation
 * (active and retired; decision 013 gives the token layout), for verifying without the
 * server. Cached briefly: a device picks up a rotation within minutes.
 */
export function ticketKeysRouter(services: Services): express.Router {
  const router = express.Router();
  router.get(TICKET_KEYS_PATH, async (_req, res, next) => {
    try {
      const ring = await ticketKeyRing(services.database.db, services.settings.APP_SECRET);
      res.setHeader("Cache-Control", "public, max-age=300");
      res.json({
        format: { version: TOKEN_VERSION, length: TOKEN_LENGTH, encoding: "base64url" },
        keys: await ring.publishedKeys(),
      });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
