import type { Settings } from "#server/config.ts";
import { eventCalendar } from "#server/modules/events/event-calendar.ts";
import { qrPng } from "#server/modules/tickets/qr-image.ts";
import { ticketKeyRing } from "#server/modules/tickets/ticket-keys.ts";
import { ticketsPdf } from "#server/modules/tickets/ticket-pdf.ts";
import { walletAvailability } from "#server/modules/tickets/wallet/wallet-settings.ts";
import type { Database } from "#server/platform/db/database.ts";
import type { EmailAttachment, EmailComposer } from "#server/platform/messages/message-adapter.ts";
import { loadTicketEmail, type TicketEmailData } from "./ticket-email-data.ts";
import { ticketEmailHtml } from "./ticket-email-html.ts";
import { ticketEmailSubject, ticketEmailText } from "./ticket-email-text.ts";

/** The template name a booking's confirmation is queued under (`email.template`). */
export const BOOKING_TICKETS_EMAIL = "booking-tickets";

/** The inline image's Content-ID of a ticket's QR (`cid:` in the HTML). */
export const qrContentId = (ticketId: string) => `qr-${ticketId}@tickets`;

/**
 * The tickets email, composed when it leaves (from the booking id): the booking, each
 * ticket's QR as an inline image, all the valid tickets as one PDF and the event's
 * `.ics`. Tokens are the tickets' current ones, so a ticket passed on meanwhile is not
 * in it; a cancelled booking sends nothing (null). Registered in server/main.ts:
 * `messages.addComposer(BOOKING_TICKETS_EMAIL, ticketEmailComposer(services))`.
 */
export function ticketEmailComposer(deps: {
  database: { db: Database };
  settings: Pick<Settings, "PUBLIC_URL" | "APP_SECRET"> & Parameters<typeof walletAvailability>[0];
}): EmailComposer {
  const { settings } = deps;
  const emailDeps = {
    publicUrl: settings.PUBLIC_URL,
    appSecret: settings.APP_SECRET,
    wallets: walletAvailability(settings),
  };
  return async (bookingId) => {
    const db = deps.database.db;
    const ring = await ticketKeyRing(db, settings.APP_SECRET);
    const loaded = await loadTicketEmail(db, ring, emailDeps, bookingId);
    if (!loaded) return null;
    const { data, tickets } = loaded;
    const images: EmailAttachment[] = await Promise.all(
      data.tickets.map(async (ticket, i) => ({
        filename: `ticket-${i + 1}-qr.png`,
        contentType: "image/png",
        content: await qrPng(ticket.qr),
        cid: qrContentId(ticket.id),
      })),
    );
    const pdf: EmailAttachment = {
      filename: `tickets-${data.reference}.pdf`,
      contentType: "application/pdf",
      content: Buffer.from(await ticketsPdf(tickets)),
    };
    return {
      subject: ticketEmailSubject(data),
      text: ticketEmailText(data),
      html: ticketEmailHtml(data, (ticket) => `cid:${qrContentId(ticket.id)}`),
      fromName: data.businessName,
      attachments: [...images, pdf, calendarAttachment(data, settings.PUBLIC_URL)],
    };
  };
}

function calendarAttachment(data: TicketEmailData, publicUrl: string): EmailAttachment {
  const { event } = data;
  const text = eventCalendar({ ...event, url: event.link, host: new URL(publicUrl).hostname });
  return {
    filename: "event.ics",
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: Buffer.from(text, "utf8"),
  };
}
