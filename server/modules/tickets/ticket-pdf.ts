import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { formatEventTime } from "#contract/event-time.ts";
import { fitted } from "#server/platform/pdf/pdf-text.ts";
import { qrPng } from "./qr-image.ts";
import type { TicketView } from "./ticket-views.ts";

/** A5 portrait, in points. */
const PAGE = { width: 420, height: 595 };
const MARGIN = 36;

/**
 * One page per valid ticket: the QR (the ticket's current token), the code to type, the
 * event and the attendee. Made on the server so every phone and printer gets the same.
 */
export async function ticketsPdf(tickets: TicketView[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(tickets.length === 1 ? "Ticket" : "Tickets");
  pdf.setCreator("eventapp");
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * MARGIN;
  for (const ticket of tickets) {
    if (!ticket.qr) continue;
    const page = pdf.addPage([PAGE.width, PAGE.height]);
    let y = PAGE.height - MARGIN;
    const line = (text: string, size: number, font = regular, gap = 6) => {
      y -= size;
      page.drawText(fitted(font, text, size, width), {
        x: MARGIN,
        y,
        size,
        font,
        color: rgb(0, 0, 0),
      });
      y -= gap;
    };
    line(ticket.event.title, 18, bold);
    line(formatEventTime(ticket.event.startsAt, ticket.event.timeZone, { weekday: false }), 12);
    line(
      [ticket.event.venueName, ticket.event.venueAddress].filter(Boolean).join(", "),
      12,
      regular,
      14,
    );
    const image = await pdf.embedPng(await qrPng(ticket.qr));
    const side = width;
    y -= side;
    page.drawImage(image, { x: MARGIN, y, width: side, height: side });
    y -= 10;
    line(`Code: ${ticket.manualCode ?? ""}`, 14, bold, 10);
    line(ticket.attendeeName, 14, bold);
    line(ticket.ticketTypeName, 12);
    line(`Booking ${ticket.bookingReference}`, 10);
  }
  return pdf.save();
}
