import type { DoorSyncPage, DoorSyncTicket, OfflineAdmission } from "#contract/door-offline.ts";
import type { DoorCheckIn, DoorVerdict } from "#contract/door-verdict.ts";
import { normaliseManualCode } from "#contract/manual-code.ts";

/** An admission this device made offline, waiting for upload, with what it showed. */
export type QueuedAdmission = OfflineAdmission & {
  userId: string;
  eventId: string;
  deviceId: string;
  /** The check-in this device showed, laid over every later sync until uploaded. */
  checkIn: DoorCheckIn;
};

/** What this device keeps of one event for one user (decision 030), in memory. */
export type DoorCopy = {
  event: DoorSyncPage["event"];
  keys: DoorSyncPage["keys"];
  searchable: boolean;
  /** Where the next sync starts; null until a sync got every page. */
  cursor: string | null;
  lastSyncAt: string | null;
  tickets: Map<string, DoorSyncTicket>;
};

/** A ticket's manual code → its id, for typed codes (searchable events only). */
export function codesOf(tickets: Iterable<DoorSyncTicket>): Map<string, string> {
  const codes = new Map<string, string>();
  for (const ticket of tickets) if (ticket.c) codes.set(ticket.c, ticket.id);
  return codes;
}

/**
 * The tickets after a complete sync (every page of it): a full list replaces the copy, a
 * delta is merged by id (a change that comes twice merges to the same copy). Admissions
 * still queued stay checked in (`overlaid`): the server does not know of them yet.
 */
export function mergedTickets(
  current: ReadonlyMap<string, DoorSyncTicket>,
  pages: readonly DoorSyncPage[],
  queued: readonly QueuedAdmission[],
): {
  tickets: Map<string, DoorSyncTicket>;
  synced: DoorSyncTicket[];
  overlaid: DoorSyncTicket[];
  replaced: boolean;
} {
  const replaced = pages[0]?.full ?? false;
  const tickets = new Map(replaced ? [] : current);
  const synced = pages.flatMap((page) => page.tickets);
  for (const ticket of synced) tickets.set(ticket.id, ticket);
  const overlaid: DoorSyncTicket[] = [];
  for (const admission of queued) {
    const ticket = withLocalCheckIn(tickets.get(admission.ticketId), admission);
    if (ticket) {
      tickets.set(ticket.id, ticket);
      overlaid.push(ticket);
    }
  }
  return { tickets, synced, overlaid, replaced };
}

/**
 * The ticket as checked in by this device's queued admission, or null when the copy
 * already shows it checked in or no longer valid (the upload will report the conflict).
 */
export function withLocalCheckIn(
  ticket: DoorSyncTicket | undefined,
  admission: Pick<QueuedAdmission, "ticketId" | "generation" | "checkIn">,
): DoorSyncTicket | null {
  if (ticket && ticket.s !== "valid") return null;
  // A ticket the copy does not name was plainly valid (decision 030): generation 1 unless
  // the scanned token said otherwise.
  const base = ticket ?? { id: admission.ticketId, g: admission.generation ?? 1, s: "valid" };
  return { ...base, s: "checked-in", in: admission.checkIn };
}

/**
 * The ticket as the server just admitted it online, for the copy (until the next sync
 * brings the same): null when the verdict admitted nothing.
 */
export function ticketAdmittedOnline(
  tickets: ReadonlyMap<string, DoorSyncTicket> | undefined,
  verdict: DoorVerdict,
  generation: number,
): DoorSyncTicket | null {
  if (!tickets || verdict.verdict !== "admitted" || !verdict.ticket || !verdict.checkIn) {
    return null;
  }
  const known = tickets.get(verdict.ticket.id) ?? { id: verdict.ticket.id, g: generation };
  return { ...known, s: "checked-in", in: verdict.checkIn };
}

const SEARCH_RESULTS = 20;

/** Tickets whose name or manual code contains the query (case-insensitive, hyphens ignored). */
export function searchCopy(tickets: Iterable<DoorSyncTicket>, query: string): DoorSyncTicket[] {
  const text = query.trim().toLowerCase();
  const code = normaliseManualCode(text);
  if (text.length < 2) return [];
  const found: DoorSyncTicket[] = [];
  for (const ticket of tickets) {
    const byName = ticket.n?.toLowerCase().includes(text);
    const byCode = code.length >= 2 && ticket.c?.includes(code);
    if (byName || byCode) found.push(ticket);
    if (found.length === SEARCH_RESULTS) break;
  }
  return found;
}
