import { sql } from "drizzle-orm";
import { assignPath, bookingPath } from "#contract/paths.ts";
import { eventPath } from "#server/modules/events/event-ids.ts";
import { type BookingTicket, bookingTickets } from "#server/modules/tickets/booking-tickets.ts";
import type { TicketKeyRing } from "#server/modules/tickets/ticket-keys.ts";
import { walletPaths } from "#server/modules/tickets/wallet/wallet-links.ts";
import type { WalletAvailability } from "#server/modules/tickets/wallet/wallet-settings.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { isoTime } from "#server/platform/db/sql-values.ts";

/** One ticket in the email: who, which type, its QR token and its links (absolute). */
export type EmailTicket = {
  id: string;
  attendeeName: string;
  ticketTypeName: string;
  manualCode: string | null;
  qr: string;
  giveLink: string;
  appleWalletLink: string | null;
  googleWalletLink: string | null;
};

/** Everything the tickets email says, read when it is delivered. */
export type TicketEmailData = {
  businessName: string;
  reference: string;
  totalMinor: number;
  currency: string;
  /** What the booking's promo code took off (decision 036), or null. */
  discount: { code: string; amountMinor: number } | null;
  bookingLink: string;
  event: {
    shortId: string;
    title: string;
    description: string;
    startsAt: string;
    endsAt: string;
    timeZone: string;
    venueName: string;
    venueAddress: string;
    status: "published" | "cancelled" | "draft";
    link: string;
  };
  tickets: EmailTicket[];
};

type Row = {
  reference: string;
  total_minor: number;
  currency: string;
  code: string | null;
  discount_minor: number;
  short_id: string;
  title: string;
  description: string;
  starts_at: string | Date;
  ends_at: string | Date;
  time_zone: string;
  venue_name: string;
  venue_address: string;
  event_status: TicketEmailData["event"]["status"];
  business_name: string;
};

export type TicketEmailDeps = {
  publicUrl: string;
  appSecret: string;
  wallets: WalletAvailability;
};

/**
 * The booking as its email shows it, as it is now, and its tickets' views (for the PDF): null when there is nothing to send
 * any more (the booking cancelled, or none of its tickets still the buyer's and valid).
 * The business's name is read by name from its table (the sender's display name).
 */
export async function loadTicketEmail(
  db: Executor,
  ring: TicketKeyRing,
  deps: TicketEmailDeps,
  bookingId: string,
): Promise<{ data: TicketEmailData; tickets: BookingTicket[] } | null> {
  const [row] = await rowsOf<Row>(
    db,
    sql`select b.reference, b.total_minor, b.currency, b.code,
        (select coalesce(sum(bi.quantity * bi.discount_minor), 0)::int from booking_items bi
          where bi.booking_id = b.id) as discount_minor,
        e.short_id, e.title, e.description,
        e.starts_at, e.ends_at, e.time_zone, e.venue_name, e.venue_address,
        e.status as event_status, z.name as business_name
      from bookings b
        join events e on e.id = b.event_id
        join businesses z on z.id = e.business_id
      where b.id = ${bookingId}::uuid and b.status = 'confirmed'`,
  );
  if (!row) return null;
  const tickets = await bookingTickets(db, ring, bookingId);
  if (tickets.length === 0) return null;
  const absolute = (path: string) => new URL(path, deps.publicUrl).href;
  const data: TicketEmailData = {
    businessName: row.business_name,
    reference: row.reference,
    totalMinor: Number(row.total_minor),
    currency: row.currency,
    discount:
      Number(row.discount_minor) > 0
        ? { code: row.code ?? "", amountMinor: Number(row.discount_minor) }
        : null,
    bookingLink: absolute(bookingPath(row.reference)),
    event: {
      shortId: row.short_id,
      title: row.title,
      description: row.description,
      startsAt: isoTime(row.starts_at),
      endsAt: isoTime(row.ends_at),
      timeZone: row.time_zone,
      venueName: row.venue_name,
      venueAddress: row.venue_address,
      status: row.event_status,
      link: absolute(eventPath({ title: row.title, shortId: row.short_id })),
    },
    tickets: tickets.map((ticket) => emailTicket(ticket, deps, absolute)),
  };
  return { data, tickets };
}

function emailTicket(
  ticket: BookingTicket,
  deps: TicketEmailDeps,
  absolute: (path: string) => string,
): EmailTicket {
  const wallet = walletPaths(deps.appSecret, ticket, deps.wallets);
  return {
    id: ticket.id,
    attendeeName: ticket.attendeeName,
    ticketTypeName: ticket.ticketTypeName,
    manualCode: ticket.manualCode,
    qr: ticket.qr ?? "",
    giveLink: absolute(assignPath(ticket.id)),
    appleWalletLink: wallet.apple ? absolute(wallet.apple) : null,
    googleWalletLink: wallet.google ? absolute(wallet.google) : null,
  };
}
