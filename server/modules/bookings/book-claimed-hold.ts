import { eq } from "drizzle-orm";
import type { PaymentStatus } from "#contract/booking-status.ts";
import type { HoldView } from "#contract/hold-view.ts";
import type { OrderState } from "#contract/order-view.ts";
import { offerEmailVerification } from "#server/modules/accounts/email-verification.ts";
import { events } from "#server/modules/events/events.schema.ts";
import type { AnswerRow } from "#server/modules/questions/check-answers.ts";
import { emitWebhook } from "#server/modules/webhooks/emit-webhook.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { insertAnswers } from "./booking-answers.ts";
import { tellBooked } from "./booking-notices.ts";
import { type BookedPayment, insertBooking, insertLinesAndTickets } from "./booking-records.ts";
import type { BookingDeps } from "./confirm-request.ts";
import type { PaymentProviderName } from "./payment-provider.ts";

export type ClaimedHoldBooking = {
  /** Chosen by the caller, so it can record it (an idempotency key, a checkout) first. */
  bookingId: string;
  userId: string;
  /** The hold as claimed (converted) inside the caller's transaction. */
  hold: HoldView;
  /** One per ticket, in the hold's item order. */
  attendees: { name: string }[];
  /** The answers to the event's questions, checked (questions' `checkAnswers`). */
  answers?: readonly AnswerRow[];
  contactEmail?: string | undefined;
  /** A built-in provider (pay at the venue), when no payment was taken before. */
  provider?: PaymentProviderName;
  /** A payment already taken (a card checkout): recorded as is. */
  payment?: BookedPayment;
};

/**
 * Makes the booking of a hold the caller has just claimed (holds' `claimHold`), inside
 * the caller's transaction: the booking row under a fresh reference, its lines, one
 * ticket per attendee, the answers (the attendees' on their tickets), the `order.created`
 * webhook (decision 039), the notification and the tickets email (`tellBooked`), and the
 * offer to verify a contact address. Shared by `bookings.confirm` and the payments
 * module's settlement of a paid checkout, so a card booking is exactly a booking.
 */
export async function bookClaimedHold(
  tx: Executor,
  deps: BookingDeps,
  input: ClaimedHoldBooking,
): Promise<{ bookingId: string; reference: string; currency: string }> {
  const { bookingId, userId, hold } = input;
  const [context] = await tx
    .select({
      phone: users.phone,
      email: users.email,
      title: events.title,
      startsAt: events.startsAt,
      timeZone: events.timeZone,
      venueName: events.venueName,
    })
    .from(users)
    .innerJoin(events, eq(events.id, hold.eventId))
    .where(eq(users.id, userId));
  if (!context) throw new Error("booking context vanished");
  const { reference, paymentStatus, currency } = await insertBooking(tx, {
    id: bookingId,
    userId,
    hold,
    contactPhone: context.phone,
    contactEmail: input.contactEmail ?? context.email,
    provider: input.provider ?? "venue",
    ...(input.payment ? { paid: input.payment } : {}),
  });
  const ticketIds = await insertLinesAndTickets(tx, bookingId, userId, hold, input.attendees);
  await insertAnswers(tx, bookingId, ticketIds, input.answers ?? []);
  await emitWebhook(tx, {
    eventId: hold.eventId,
    type: "order.created",
    data: { orderId: bookingId, eventId: hold.eventId, status: newOrderState(paymentStatus) },
  });
  await tellBooked(tx, deps, {
    bookingId,
    userId,
    reference,
    hold,
    event: context,
    contactEmail: input.contactEmail,
  });
  const contact = input.contactEmail;
  if (contact) await offerEmailVerification(tx, deps, { userId, email: contact });
  return { bookingId, reference, currency };
}

/**
 * A booking just made, in the words of `orders.list` and `orders.get` (their `state`,
 * contract/order-view.ts): orders' `orderStateSql` for a booking confirmed with nothing
 * refunded yet (orders sits above bookings, so the rule's few cases are read here).
 */
function newOrderState(paymentStatus: PaymentStatus): OrderState {
  if (paymentStatus === "paid") return "paid";
  if (paymentStatus === "unpaid") return "pay-at-venue";
  return "free";
}
