import { formatEventTime } from "#contract/event-time.ts";
import { formatTotal, ticketCount } from "./email-format.ts";
import type { TicketEmailData } from "./ticket-email-data.ts";

export function ticketEmailSubject(data: TicketEmailData): string {
  return `Your tickets for ${data.event.title}`;
}

/** The plain-text part: everything the HTML says, links written out. */
export function ticketEmailText(data: TicketEmailData): string {
  const { event } = data;
  const place = [event.venueName, event.venueAddress].filter(Boolean).join(", ");
  const tickets = data.tickets.flatMap((ticket, i) => [
    `Ticket ${i + 1}: ${ticket.attendeeName} (${ticket.ticketTypeName})`,
    ...(ticket.manualCode ? [`  Code at the door: ${ticket.manualCode}`] : []),
    `  Give to someone: ${ticket.giveLink}`,
    ...(ticket.appleWalletLink ? [`  Add to Apple Wallet: ${ticket.appleWalletLink}`] : []),
    ...(ticket.googleWalletLink ? [`  Save to Google Wallet: ${ticket.googleWalletLink}`] : []),
    "",
  ]);
  return [
    `Your tickets are here: ${ticketCount(data.tickets.length)} for ${event.title}.`,
    "",
    `Reference: ${data.reference}`,
    `Event: ${event.title}`,
    `When: ${formatEventTime(event.startsAt, event.timeZone, { withZone: true })}`,
    `Where: ${place}`,
    ...(data.discount
      ? [
          `${`Code ${data.discount.code}`.trim()}: ${formatTotal(-data.discount.amountMinor, data.currency)}`,
        ]
      : []),
    `Total: ${formatTotal(data.totalMinor, data.currency)}`,
    "",
    ...tickets,
    `Your booking: ${data.bookingLink}`,
    "",
    "Attached: your tickets as one PDF (one QR code a page) and the event for your calendar.",
    `Sent by ${data.businessName}.`,
  ].join("\n");
}
