import { asc, eq, sql } from "drizzle-orm";
import type { DoorConflictReason } from "#contract/door-offline.ts";
import type { EventSummary } from "#contract/event-summary.ts";
import type { TicketStatus } from "#contract/ticket-status.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { latestAssignment } from "./assignment-view.ts";
import { formatManualCode } from "./manual-code.ts";
import { shareTokenHash } from "./share-link.ts";
import type { TicketKeyRing } from "./ticket-keys.ts";
import { qrTokenFor } from "./ticket-qr.ts";
import {
  findTicket,
  heldTicketsForEvent,
  requireHeldTicket,
  type TicketRecord,
  ticketNotFound,
} from "./ticket-records.ts";
import { ticketAssignments } from "./tickets.schema.ts";
import { type WalletLinks, type WalletOffer, walletLinksOf } from "./wallet/wallet-offer.ts";

/** A ticket as its holder sees it: with the QR token and the code to type at the door. */
export type TicketView = {
  id: string;
  status: TicketStatus;
  attendeeName: string;
  ticketTypeName: string;
  bookingReference: string;
  event: EventSummary & { venueAddress: string };
  /** Only for a valid ticket: a used or cancelled one has nothing to show at the door. */
  qr: string | null;
  manualCode: string | null;
  /** "Add to Apple Wallet" / "Save to Google Wallet" links, when configured and valid. */
  wallet: WalletLinks;
};

export function viewOf(ring: TicketKeyRing, ticket: TicketRecord, offer?: WalletOffer): TicketView {
  const showable = ticket.status === "valid";
  return {
    id: ticket.id,
    status: ticket.status,
    attendeeName: ticket.attendeeName,
    ticketTypeName: ticket.ticketTypeName,
    bookingReference: ticket.bookingReference,
    event: ticket.event,
    qr: showable
      ? qrTokenFor(ring, {
          id: ticket.id,
          eventShortId: ticket.event.shortId,
          generation: ticket.generation,
        })
      : null,
    manualCode: showable ? formatManualCode(ticket.manualCode) : null,
    wallet: walletLinksOf(offer, ticket),
  };
}

/** `tickets.get`: one ticket of its holder; NOT_FOUND for anyone else. */
export async function heldTicket(
  db: Executor,
  ring: TicketKeyRing,
  userId: string,
  ticketId: string,
  offer?: WalletOffer,
): Promise<TicketView> {
  return viewOf(ring, await requireHeldTicket(db, userId, ticketId), offer);
}

/** `tickets.forEvent`: the caller's tickets for one event; NOT_FOUND when they hold none. */
export async function walletForEvent(
  db: Executor,
  ring: TicketKeyRing,
  userId: string,
  eventId: string,
  offer?: WalletOffer,
): Promise<{ event: TicketView["event"]; tickets: TicketView[] }> {
  const tickets = await heldTicketsForEvent(db, userId, eventId);
  const first = tickets[0];
  if (!first) throw ticketNotFound();
  return { event: first.event, tickets: tickets.map((ticket) => viewOf(ring, ticket, offer)) };
}

/** `/ticket/{id}`: anyone sees the event and status; the holder or the share link, the QR. */
export type SharedTicketView = {
  id: string;
  status: TicketStatus;
  event: EventSummary & { venueAddress: string };
  /** Null unless the caller holds the ticket or brings its live share link. */
  ticket: TicketView | null;
  /** The caller brought a live share link: they may claim the ticket into their account. */
  claimable: boolean;
  /** Given away and not claimed yet. */
  awaitingClaim: boolean;
};

export async function sharedTicket(
  db: Executor,
  ring: TicketKeyRing,
  userId: string | null,
  input: { ticketId: string; shareToken?: string | undefined },
): Promise<SharedTicketView> {
  const ticket = await findTicket(db, input.ticketId);
  if (!ticket) throw ticketNotFound();
  const latest = await latestAssignment(db, ticket.id);
  const awaitingClaim = latest?.status === "pending";
  const linkLive = Boolean(
    input.shareToken &&
      awaitingClaim &&
      latest?.shareTokenHash === shareTokenHash(input.shareToken),
  );
  const isHolder = userId !== null && ticket.holderUserId === userId;
  return {
    id: ticket.id,
    status: ticket.status,
    event: ticket.event,
    ticket: isHolder || linkLive ? viewOf(ring, ticket) : null,
    claimable: linkLive && ticket.status === "valid",
    awaitingClaim,
  };
}

export type TicketHistory = {
  id: string;
  status: TicketStatus;
  attendeeName: string;
  ticketTypeName: string;
  event: EventSummary;
  booking: {
    reference: string;
    bookedAt: string;
    /** The ticket's price; whether it is paid yet is `paymentStatus` (pay at the venue: not). */
    priceMinor: number;
    currency: string;
    /** The booking's payment status, read by name (the bookings module's `PaymentStatus`). */
    paymentStatus: string;
  };
  assignments: {
    at: string;
    fromName: string;
    toName: string;
    channel: "account" | "sms" | "email";
    status: string;
    settledAt: string | null;
  }[];
  /** Admissions at the door (the check-in module's table, read by name), undone ones marked. */
  checkIns: {
    at: string;
    by: string;
    deviceId: string;
    undoneAt: string | null;
    undoReason: string | null;
  }[];
  /**
   * Entries by an offline door device that could not stand (decision 030: already in,
   * cancelled, given away), with the device's time and id (`check_in_conflicts`, by name).
   */
  conflicts: { at: string; by: string; deviceId: string; reason: DoorConflictReason }[];
};

/** `tickets.history`: the holder's view of where the ticket came from. */
export async function ticketHistory(
  db: Executor,
  userId: string,
  ticketId: string,
): Promise<TicketHistory> {
  const ticket = await requireHeldTicket(db, userId, ticketId);
  const [booking] = await rowsOf<{
    created_at: string | Date;
    unit: number;
    currency: string;
    payment_status: string;
  }>(
    db,
    sql`select b.created_at, coalesce(i.unit_price_minor, 0) as unit, b.currency, b.payment_status
      from tickets k join bookings b on b.id = k.booking_id
        left join booking_items i on i.booking_id = b.id and i.ticket_type_id = k.ticket_type_id
      where k.id = ${ticket.id}::uuid`,
  );
  const assignments = await db
    .select()
    .from(ticketAssignments)
    .where(eq(ticketAssignments.ticketId, ticket.id))
    .orderBy(asc(ticketAssignments.createdAt));
  const checkIns = await rowsOf<{
    created_at: string | Date;
    staff_name: string;
    device_id: string;
    undone_at: string | Date | null;
    undo_reason: string | null;
  }>(
    db,
    sql`select created_at, staff_name, device_id, undone_at, undo_reason from check_ins
      where ticket_id = ${ticket.id}::uuid order by created_at`,
  );
  const conflicts = await rowsOf<{
    admitted_at: string | Date;
    staff_name: string;
    device_id: string;
    reason: DoorConflictReason;
  }>(
    db,
    sql`select admitted_at, staff_name, device_id, reason from check_in_conflicts
      where ticket_id = ${ticket.id}::uuid order by admitted_at, created_at`,
  );
  return {
    id: ticket.id,
    status: ticket.status,
    attendeeName: ticket.attendeeName,
    ticketTypeName: ticket.ticketTypeName,
    event: ticket.event,
    booking: {
      reference: ticket.bookingReference,
      bookedAt: new Date(booking?.created_at ?? Date.now()).toISOString(),
      priceMinor: Number(booking?.unit ?? 0),
      currency: booking?.currency ?? "EUR",
      paymentStatus: booking?.payment_status ?? "not-required",
    },
    assignments: assignments.map((a) => ({
      at: a.createdAt.toISOString(),
      fromName: a.fromName,
      toName: a.recipientName,
      channel: a.channel,
      status: a.status,
      settledAt: a.settledAt?.toISOString() ?? null,
    })),
    checkIns: checkIns.map((c) => ({
      at: new Date(c.created_at).toISOString(),
      by: c.staff_name,
      deviceId: c.device_id,
      undoneAt: c.undone_at ? new Date(c.undone_at).toISOString() : null,
      undoReason: c.undo_reason,
    })),
    conflicts: conflicts.map((c) => ({
      at: new Date(c.admitted_at).toISOString(),
      by: c.staff_name,
      deviceId: c.device_id,
      reason: c.reason,
    })),
  };
}
