import { formatEventTime } from "#contract/event-time.ts";
import type { HoldView } from "#contract/hold-view.ts";
import { bookingPath } from "#contract/paths.ts";
import { notifyUser, sendEmail } from "#server/modules/notifications/notifications.service.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type { BookingDeps, ConfirmRequest } from "./confirm-request.ts";

/** The notification (and email by the user's settings), and an email to `contactEmail`. */
export async function tellBooked(
  tx: Executor,
  deps: BookingDeps,
  booked: {
    userId: string;
    reference: string;
    hold: HoldView;
    event: {
      title: string;
      startsAt: Date;
      timeZone: string;
      venueName: string;
      email: string | null;
    };
    request: ConfirmRequest;
  },
): Promise<void> {
  const { hold, event, reference, request } = booked;
  const when = formatEventTime(event.startsAt, event.timeZone, { weekday: false });
  const count = `${hold.ticketCount} ticket${hold.ticketCount === 1 ? "" : "s"}`;
  const notice = {
    userId: booked.userId,
    kind: "booking-confirmed" as const,
    title: `Booking ${reference} confirmed`,
    body: `${count} for ${event.title}, ${when} at ${event.venueName}. Your reference: ${reference}.`,
    link: bookingPath(reference),
  };
  const options = { messages: deps.messages, publicUrl: deps.settings.PUBLIC_URL };
  await notifyUser(tx, notice, options);
  const contact = request.contactEmail;
  if (contact && contact.toLowerCase() !== event.email?.toLowerCase()) {
    const lookup = new URL("/booking_refrence", deps.settings.PUBLIC_URL).href;
    await sendEmail(tx, options, {
      to: contact,
      subject: notice.title,
      text: `${notice.body}\n\nLook it up at ${lookup} with this reference and this email address.`,
    });
  }
}
