import { and, eq, gt } from "drizzle-orm";
import type { Settings } from "#server/config.ts";
import { FunctionError, fieldError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type { TicketTypeFields } from "./event-input.ts";
import { ticketTypes } from "./events.schema.ts";

/**
 * What events need to know of card payments, given by the payments module through
 * server/steps (events sit below payments and never import it).
 */
export type EventPaymentSteps = {
  /** Why card payment is off on this server, in the console's words; null when it is on. */
  cardPaymentsOff: (settings: Settings) => string | null;
  /** Whether the business's connected account can take charges now. */
  canTakeCardPayments: (tx: Executor, businessId: string) => Promise<boolean>;
};

/** Where the console connects a Stripe account (the refusal's link). */
export const paymentAccountPath = "/business/payments";

/**
 * A ticket type's payment method as stored: card only for a priced type (a free ticket
 * has nothing to pay), refused on the field while this server takes no cards.
 */
export function paymentMethodOf(
  fields: TicketTypeFields,
  cardsOff: string | null,
): "venue" | "card" {
  if (fields.paymentMethod !== "card" || fields.priceMinor === 0) return "venue";
  if (cardsOff !== null) throw fieldError("paymentMethod", cardsOff, { reason: "cards-off" });
  return "card";
}

/**
 * Refuses an event with a card-paid ticket type while the business cannot take charges:
 * before publishing, and when such a type is added to a published event.
 */
export async function assertCanSellByCard(
  tx: Executor,
  event: { id: string; businessId: string },
  steps: EventPaymentSteps | undefined,
  when: "publish" | "sell-by-card" = "publish",
): Promise<void> {
  if (!steps) return;
  const [cardType] = await tx
    .select({ id: ticketTypes.id })
    .from(ticketTypes)
    .where(
      and(
        eq(ticketTypes.eventId, event.id),
        eq(ticketTypes.paymentMethod, "card"),
        gt(ticketTypes.priceMinor, 0),
      ),
    )
    .limit(1);
  if (cardType && !(await steps.canTakeCardPayments(tx, event.businessId))) {
    throw paymentAccountNeeded(when);
  }
}

const neededMessages = {
  publish:
    "Connect a Stripe account that can take payments before publishing an event with card-paid tickets.",
  "sell-by-card":
    "Connect a Stripe account that can take payments before selling tickets of a published event by card.",
};

export function paymentAccountNeeded(when: keyof typeof neededMessages): FunctionError {
  return new FunctionError("FAILED_PRECONDITION", neededMessages[when], {
    reason: "payment-account-needed",
    link: paymentAccountPath,
  });
}
