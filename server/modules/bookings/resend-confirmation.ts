import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { formatEventTime } from "#contract/event-time.ts";
import type { ResendResult } from "#contract/order-view.ts";
import { bookingPath } from "#contract/paths.ts";
import { notifyUser } from "#server/modules/notifications/notifications.service.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Database } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import type { MessageService } from "#server/platform/messages/message-service.ts";
import type { RateLimiter, RateRule } from "#server/platform/rate-limit/rate-limiter.ts";
import { ticketCount } from "./ticket-email/email-format.ts";
import { BOOKING_TICKETS_EMAIL } from "./ticket-email/ticket-email-composer.ts";

/** 3 resends per booking per hour, whoever asks (its buyer or its organiser): not a mailer. */
export const resendRule: RateRule = { name: "booking-resend", limit: 3, windowSeconds: 3600 };

export type ResendDeps = {
  db: Database;
  messages: MessageService | null;
  publicUrl: string;
  rateLimiter: RateLimiter;
};

/**
 * Queues a booking's confirmation with its tickets again (the tickets email, composed
 * when it leaves, so it carries the tickets as they are then) to its buyer by their
 * settings and verified channels, under a fresh key: a resend is a new message, never
 * swallowed as a repeat of the first. The caller has checked who may ask.
 */
export async function resendConfirmation(
  deps: ResendDeps,
  bookingId: string,
): Promise<ResendResult> {
  const [booking] = await rowsOf<{
    reference: string;
    user_id: string;
    status: string;
    title: string;
    starts_at: Date | string;
    time_zone: string;
    venue_name: string;
    business_name: string;
    tickets: number | string;
  }>(
    deps.db,
    sql`select b.reference, b.user_id, b.status, e.title, e.starts_at, e.time_zone,
        e.venue_name, z.name as business_name,
        (select count(*) from tickets k where k.booking_id = b.id and k.status <> 'cancelled')
          as tickets
      from bookings b join events e on e.id = b.event_id join businesses z on z.id = e.business_id
      where b.id = ${bookingId}::uuid`,
  );
  if (!booking) throw new FunctionError("NOT_FOUND", "Booking not found.");
  if (booking.status !== "confirmed") {
    throw new FunctionError(
      "FAILED_PRECONDITION",
      "This booking is cancelled: it has no tickets to send.",
      { reason: "cancelled" },
    );
  }
  await deps.rateLimiter.consume(resendRule, bookingId);
  const when = formatEventTime(new Date(booking.starts_at), booking.time_zone, { weekday: false });
  const told = await deps.db.transaction((tx) =>
    notifyUser(
      tx,
      {
        userId: booking.user_id,
        kind: "booking-confirmed",
        title: `Your tickets for ${booking.title}, sent again`,
        body: `${ticketCount(Number(booking.tickets))} for ${booking.title}, ${when} at ${booking.venue_name}. Your reference: ${booking.reference}.`,
        link: bookingPath(booking.reference),
        email: { template: BOOKING_TICKETS_EMAIL, ref: bookingId },
        key: `booking-resent:${bookingId}:${randomUUID()}`,
        fromName: booking.business_name,
      },
      { messages: deps.messages, publicUrl: deps.publicUrl },
    ),
  );
  return { channels: told.channels };
}
