import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { BookingSummary } from "./booking-summary.ts";
import { EmailLayout } from "./email-layout.ts";
import { emailColors } from "./email-theme.ts";
import { TicketCard } from "./ticket-card.ts";
import type { EmailTicket, TicketEmailData } from "./ticket-email-data.ts";
import { ticketEmailSubject } from "./ticket-email-text.ts";

/**
 * The tickets email's HTML, from its components. `qrSrc` says where each ticket's QR
 * image is: `cid:…` for the attachment in the email, a data: URL for a screenshot.
 */
export function ticketEmailHtml(
  data: TicketEmailData,
  qrSrc: (ticket: EmailTicket) => string,
): string {
  const count = data.tickets.length;
  const body = h(
    EmailLayout,
    {
      title: ticketEmailSubject(data),
      preheader: `Booking ${data.reference}: your QR codes, the PDF and the calendar entry.`,
      senderName: data.businessName,
    },
    h(BookingSummary, { data }),
    ...data.tickets.map((ticket, i) =>
      h(TicketCard, { key: ticket.id, ticket, qrSrc: qrSrc(ticket), index: i + 1, of: count }),
    ),
    h(
      "p",
      {
        className: "em-muted",
        style: {
          margin: "20px 0 0",
          fontSize: "13px",
          lineHeight: "19px",
          color: emailColors.muted,
        },
      },
      "Attached: your tickets as one PDF, and the event for your calendar. ",
      `Sent by ${data.businessName} with our ticketing service. Your booking reference is ${data.reference}.`,
    ),
  );
  return `<!DOCTYPE html>${renderToStaticMarkup(body)}`;
}
