import type { EventPaymentSteps } from "#server/modules/events/event-payment-rules.ts";
import { canTakeCardPayments } from "#server/modules/payments/payment-accounts.ts";
import { cardPaymentsOff } from "#server/modules/payments/payment-settings.ts";

/**
 * What events ask of payments: whether this server takes cards (a card-paid ticket type
 * is refused while it does not), and whether a business's connected account can take
 * charges (an event selling by card is not published before).
 */
export const eventPaymentSteps: EventPaymentSteps = {
  cardPaymentsOff,
  canTakeCardPayments,
};
