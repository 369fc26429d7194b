import { sql } from "drizzle-orm";
import { formatEventTime } from "#contract/event-time.ts";
import type { HoldView } from "#contract/hold-view.ts";
import { bookingPath } from "#contract/paths.ts";
import { notifyUser, sendEmail } from "#server/modules/notifications/notifications.service.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import type { BookingDeps } from "./confirm-request.ts";
import { BOOKING_TICKETS_EMAIL } from "./ticket-email/ticket-email-composer.ts";

/**
 * The buyer's notification and tickets email (by their settings, to a verified address),
 * and the same email to `contactEmail` when it is another address: the email is composed
 * when it leaves (ticket-email/), each once per booking by its key.
 */
export async function tellBooked(
  tx: Executor,
  deps: BookingDeps,
  booked: {
    bookingId: string;
    userId: string;
    reference: string;
    hold: HoldView;
    event: {
      title: string;
      startsAt: Date;
      timeZone: string;
      venueName: string;
    };
    /** Another address to send the tickets to (besides the account's verified one). */
    contactEmail?: string | undefined;
  },
): Promise<void> {
  const { bookingId, hold, event, reference } = booked;
  const when = formatEventTime(event.startsAt, event.timeZone, { weekday: false });
  const count = `${hold.ticketCount} ticket${hold.ticketCount === 1 ? "" : "s"}`;
  const { verifiedEmail, businessName } = await senderAndAddress(tx, booked.userId, hold.eventId);
  const email = { template: BOOKING_TICKETS_EMAIL, ref: bookingId };
  const key = `booking-confirmed:${bookingId}`;
  const notice = {
    userId: booked.userId,
    kind: "booking-confirmed" as const,
    title: `Booking ${reference} confirmed`,
    body: `${count} for ${event.title}, ${when} at ${event.venueName}. Your reference: ${reference}.`,
    link: bookingPath(reference),
    email,
    key,
    fromName: businessName,
  };
  const options = { messages: deps.messages, publicUrl: deps.settings.PUBLIC_URL };
  await notifyUser(tx, notice, options);
  const contact = booked.contactEmail;
  if (contact && contact.toLowerCase() !== verifiedEmail?.toLowerCase()) {
    const lookup = new URL("/booking_refrence", deps.settings.PUBLIC_URL).href;
    await sendEmail(
      tx,
      options,
      {
        to: contact,
        subject: notice.title,
        text: `${notice.body}\n\nLook it up at ${lookup} with this reference and this email address.`,
        fromName: businessName,
        template: { name: email.template, ref: email.ref },
      },
      { key: `${key}:contact` },
    );
  }
}

/** The buyer's verified email (null if none) and the business's name (the sender's name). */
async function senderAndAddress(tx: Executor, userId: string, eventId: string) {
  // The businesses table is read by name: bookings does not import that module.
  const [row] = await rowsOf<{ verified_email: string | null; business_name: string }>(
    tx,
    sql`select case when u.email_verified_at is not null then u.email end as verified_email,
        z.name as business_name
      from users u, events e join businesses z on z.id = e.business_id
      where u.id = ${userId}::uuid and e.id = ${eventId}::uuid`,
  );
  return { verifiedEmail: row?.verified_email ?? null, businessName: row?.business_name };
}
