import type { DoorSyncTicket } from "#contract/door-offline.ts";
import {
  admittedVerdict,
  clockTime,
  type DoorCheckIn,
  type DoorVerdict,
  invalidVerdict,
  notForThisEventVerdict,
} from "#contract/door-verdict.ts";
import { judgeTicket, type ScanFacts, type TicketFacts } from "#contract/judge-ticket.ts";
import { isManualCode, normaliseManualCode } from "#contract/manual-code.ts";
import { readTokenBytes } from "#contract/ticket-token-bytes.ts";
import type { DoorCopy } from "./door-copy.ts";
import { signatureChecks } from "./token-signature.ts";

/** A typed code offline, for an event whose codes this device does not have. */
export class TypedCodeNeedsNetworkError extends Error {
  constructor() {
    super(
      "Typed codes need the network for this event (it is too large to keep its codes on this device). Scan the QR code, or type it again once online.",
    );
    this.name = "TypedCodeNeedsNetworkError";
  }
}

/** What an offline check decided: a verdict, or "admit" with what the upload needs. */
export type OfflineJudgement =
  | { kind: "verdict"; verdict: DoorVerdict }
  | { kind: "admit"; ticket: DoorSyncTicket; generation: number | null };

/** Who admits, and when: what a local check-in shows. */
export type LocalAdmitter = { staffName: string; deviceId: string; now: Date; checkInId: string };

const verdictOf = (verdict: DoorVerdict): OfflineJudgement => ({ kind: "verdict", verdict });

/**
 * Judges a scanned token or typed code on this device (decision 030): the signature with
 * the published keys, then `judgeTicket` over the copy. A signed token of this event that
 * the copy does not name is a valid ticket of generation 1's kind: sold after the last
 * sync, or plainly valid where the copy lists only the exceptions.
 */
export async function judgeCodeOffline(
  copy: DoorCopy,
  codes: ReadonlyMap<string, string>,
  code: string,
): Promise<OfflineJudgement> {
  const trimmed = code.trim();
  const read = readTokenBytes(trimmed);
  if (read) {
    const key = copy.keys.find((k) => k.kid === read.claims.kid);
    if (!key || !(await signatureChecks(read, key.x))) {
      return judged(copy, { kind: "unsigned" }, undefined, null);
    }
    const { ticketId, eventShortId, generation } = read.claims;
    // Offline the device knows nothing of other events: the server's answer to a door
    // that may not work the ticket's event.
    if (eventShortId !== copy.event.shortId) return verdictOf(notForThisEventVerdict());
    const ticket = copy.tickets.get(ticketId) ?? { id: ticketId, g: generation, s: "valid" };
    const scan: ScanFacts = { kind: "token", eventShortId, generation };
    return judged(copy, scan, ticket, generation);
  }
  const typed = normaliseManualCode(trimmed);
  if (!isManualCode(typed)) return judged(copy, { kind: "unsigned" }, undefined, null);
  if (!copy.searchable) throw new TypedCodeNeedsNetworkError();
  const id = codes.get(typed);
  return judged(copy, { kind: "code" }, id ? copy.tickets.get(id) : undefined, null);
}

/** The desk's button offline: a ticket by id, which the copy must name. */
export function judgeIdOffline(copy: DoorCopy, ticketId: string): OfflineJudgement {
  return judged(copy, { kind: "id" }, copy.tickets.get(ticketId), null);
}

function judged(
  copy: DoorCopy,
  scan: ScanFacts,
  ticket: DoorSyncTicket | undefined,
  generation: number | null,
): OfflineJudgement {
  const verdict = judgeTicket(judgeInput(copy, scan, ticket));
  if (verdict !== "admit") return verdictOf(verdict);
  // judgeTicket admits only a ticket it was given.
  if (!ticket) return verdictOf(invalidVerdict("unknown"));
  return { kind: "admit", ticket, generation };
}

function judgeInput(copy: DoorCopy, scan: ScanFacts, ticket: DoorSyncTicket | undefined) {
  return {
    scan,
    ticket: ticket ? ticketFacts(copy, ticket) : null,
    doorEventId: copy.event.id,
    // Every ticket of the copy is of the door's event.
    mayWorkTicketEvent: false,
  };
}

function ticketFacts(copy: DoorCopy, ticket: DoorSyncTicket): TicketFacts {
  return {
    id: ticket.id,
    eventId: copy.event.id,
    eventTitle: copy.event.title,
    eventShortId: copy.event.shortId,
    status: ticket.s,
    generation: ticket.g,
    attendeeName: ticket.n ?? "",
    ticketTypeName: ticket.t ?? "",
    checkIn: ticket.in ?? null,
  };
}

/** This device's check-in of a ticket it admitted offline, and the verdict it shows. */
export function localAdmission(
  copy: DoorCopy,
  ticket: DoorSyncTicket,
  by: LocalAdmitter,
): { checkIn: DoorCheckIn; verdict: DoorVerdict } {
  const checkIn: DoorCheckIn = {
    id: by.checkInId,
    at: by.now.toISOString(),
    time: clockTime(by.now, copy.event.timeZone),
    staffName: by.staffName,
    deviceId: by.deviceId,
  };
  const shown = { id: ticket.id, attendeeName: ticket.n ?? "", ticketTypeName: ticket.t ?? "" };
  const event = { id: copy.event.id, title: copy.event.title };
  return { checkIn, verdict: admittedVerdict(shown, event, checkIn) };
}
