import { sqlStateOf } from "#server/platform/db/db-errors.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import type { PaymentEvent } from "./payment-provider.ts";
import { paymentEvents } from "./payments.schema.ts";
import { type AfterCommit, type WebhookHandler, webhookHandlers } from "./webhook-handlers.ts";

/**
 * Takes one verified webhook event: in ONE transaction, stores its id (a repeat finds it
 * and does nothing more) and runs its kind's handler, so "seen" and what the handler wrote
 * commit together or not at all (a failed handler leaves no trace; the provider's retry
 * runs it again). Then the handler's after-commit task (a refund), whose failure is only
 * logged: what it needs was committed, the reconciliation does it again.
 */
export async function receivePaymentEvent(
  deps: PaymentDeps,
  received: PaymentEvent,
): Promise<{ duplicate: boolean }> {
  const event = await withCardDigits(deps, received);
  let afterCommit: AfterCommit | undefined;
  const duplicate = await deps.db.transaction(async (tx) => {
    // A concurrent delivery of the same event waits here on the key until this commits.
    const stored = await tx
      .insert(paymentEvents)
      .values({ provider: event.provider, eventId: event.id, kind: storedKind(event) })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (stored.length === 0) return true;
    const handler = webhookHandlers[event.kind] as WebhookHandler<PaymentEvent["kind"]> | undefined;
    afterCommit = (await handler?.(tx, event as never, deps)) ?? undefined;
    return false;
  });
  if (afterCommit) {
    try {
      await afterCommit();
    } catch (error) {
      deps.log.error(
        { err: error, eventId: event.id, kind: event.kind },
        "A payment event's follow-up failed after its commit; the reconciliation retries it",
      );
    }
  }
  return { duplicate };
}

/**
 * A paid checkout's webhook names the payment but not the card (Stripe's event carries
 * ids only): the checkout is read with its charge before the transaction (no network
 * inside it), so the booking, its receipt and invoice show the card's last digits. When
 * the provider cannot be reached the event is taken as it is (the digits stay unknown).
 */
async function withCardDigits(deps: PaymentDeps, event: PaymentEvent): Promise<PaymentEvent> {
  if (event.kind !== "checkout.paid" || event.checkout.cardLast4 || !deps.provider) return event;
  try {
    const read = await deps.provider.readCheckout(event.checkout.providerCheckoutId);
    if (read.status !== "paid") return event;
    return { ...event, checkout: { ...event.checkout, cardLast4: read.cardLast4 } };
  } catch (error) {
    deps.log.warn({ err: error, eventId: event.id }, "card digits not read: settled without them");
    return event;
  }
}

/** Unused types keep the provider's own name, for the record. */
function storedKind(event: PaymentEvent): string {
  return event.kind === "other" ? `other:${event.type}` : event.kind;
}

/**
 * SQLSTATEs that pass on their own: serialization failure, deadlock, the connection lost
 * or refused, the server shutting down or out of connections. The webhook answers 503
 * for them so the provider sends the event again.
 */
const PASSING_STATES = new Set(["40001", "40P01", "53300", "57P01", "57P02", "57P03"]);
const PASSING_NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE"]);

export function isPassingDatabaseError(error: unknown): boolean {
  const state = sqlStateOf(error);
  if (state && (PASSING_STATES.has(state) || state.startsWith("08"))) return true;
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && PASSING_NETWORK_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string" && /Connection terminated|connection timeout/i.test(message))
      return true;
  }
  return false;
}
