import type { DoorSyncTicket } from "#contract/door-offline.ts";

/** A ticket as the desk's search lists it (online from `checkin.search`, offline from the device). */
export type Found = {
  id: string;
  status: string;
  attendeeName: string;
  ticketTypeName: string;
  /** Online only: the device's copy has no bookings. */
  bookingReference?: string;
  /** Offline: the ticket's manual code, `ABCDE-23456`. */
  code?: string;
  checkedIn: { time: string; staffName: string } | null;
};

/** `ABCDE23456` → `ABCDE-23456`, as printed under the QR code. */
function printedCode(code: string): string {
  return code.length === 10 ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
}

/** A ticket of the device's copy as the desk lists it. */
export function offlineFound(ticket: DoorSyncTicket): Found {
  return {
    id: ticket.id,
    status: ticket.s,
    attendeeName: ticket.n ?? "Unnamed guest",
    ticketTypeName: ticket.t ?? "",
    code: ticket.c ? printedCode(ticket.c) : undefined,
    checkedIn: ticket.in ? { time: ticket.in.time, staffName: ticket.in.staffName } : null,
  };
}
