import express from "express";
import type { Services } from "#server/platform/runtime/services.ts";
import { paymentDepsOf } from "./payment-deps.ts";
import {
  type PaymentEvent,
  ProviderUnavailableError,
  WebhookSignatureError,
} from "./payment-provider.ts";
import { isPassingDatabaseError, receivePaymentEvent } from "./webhook-intake.ts";

/** Under `/api`: where Stripe sends its events (the endpoint set in Stripe's dashboard). */
export const STRIPE_WEBHOOK_PATH = "/payments/stripe/webhook";

/**
 * `POST /api/payments/stripe/webhook`: the raw body (the signature is over its exact
 * bytes, so no JSON parser may run first), verified, then taken once (webhook-intake.ts).
 * 400: bad or old signature, nothing written. 404: card payments off. 503: a passing fault
 * (the provider, the database), so Stripe retries. 500: a bug, logged, nothing stored, so
 * a retry runs it again. 200 otherwise, for every type, used or not.
 */
export function paymentWebhookRouter(services: Services): express.Router {
  const router = express.Router();
  router.post(
    STRIPE_WEBHOOK_PATH,
    express.raw({ type: () => true, limit: "1mb" }),
    async (req, res) => {
      res.setHeader("Cache-Control", "no-store");
      const deps = paymentDepsOf(services);
      if (!deps.provider) {
        res.status(404).json({
          error: { status: "NOT_FOUND", message: "Card payments are not set up on this server." },
        });
        return;
      }
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      let event: PaymentEvent;
      try {
        event = deps.provider.parseWebhook(rawBody, req.get("stripe-signature"));
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        deps.log.warn({ reason: error.message }, "A payment webhook was refused: bad signature");
        res.status(400).json({ error: { status: "INVALID_ARGUMENT", message: "Bad signature." } });
        return;
      }
      try {
        const { duplicate } = await receivePaymentEvent(deps, event);
        res.json(duplicate ? { received: true, duplicate: true } : { received: true });
      } catch (error) {
        const passing = error instanceof ProviderUnavailableError || isPassingDatabaseError(error);
        const fields = { err: error, eventId: event.id, kind: event.kind };
        if (passing)
          deps.log.warn(fields, "A payment event hit a passing fault; the provider retries it");
        else deps.log.error(fields, "A payment event's handler failed; nothing was stored");
        res.status(passing ? 503 : 500).json({
          error: {
            status: passing ? "UNAVAILABLE" : "INTERNAL",
            message: "Not handled; send it again.",
          },
        });
      }
    },
  );
  return router;
}
