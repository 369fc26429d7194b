import {
  alreadyMessage,
  type DoorCheckIn,
  type DoorVerdict,
  invalidVerdict,
  notForThisEventVerdict,
  validMessage,
} from "./door-verdict.ts";
import type { TicketStatus } from "./ticket-status.ts";

/** What was scanned: a code whose signature failed, a signed QR token, a typed code, a ticket id. */
export type ScanFacts =
  | { kind: "unsigned" }
  | { kind: "token"; eventShortId: string; generation: number }
  /** A typed manual code, looked up among this door's event's tickets. */
  | { kind: "code" }
  /** A ticket picked by id (the desk's button). */
  | { kind: "id" };

/** What is known of the ticket a scan names. */
export type TicketFacts = {
  id: string;
  eventId: string;
  eventTitle: string;
  eventShortId: string;
  status: TicketStatus;
  /** Passing a ticket on raises it: a QR of an older generation is dead. */
  generation: number;
  attendeeName: string;
  ticketTypeName: string;
  /** Its live (not undone) admission, if any. */
  checkIn: DoorCheckIn | null;
};

export type JudgeInput = {
  scan: ScanFacts;
  /** Null when no ticket has that id or code. */
  ticket: TicketFacts | null;
  doorEventId: string;
  /**
   * Whether the caller may work the door of the ticket's own event. Read only when that
   * is another event than the door's (a caller asks the database only then).
   */
  mayWorkTicketEvent: boolean;
};

/**
 * The door's one rule: the verdict on a ticket, or "admit" when it is valid here. The
 * server's door admits on "admit"; the organiser's check answers `valid` without admitting;
 * the offline door will decide the same way from its copy of the tickets.
 */
export function judgeTicket({
  scan,
  ticket,
  doorEventId,
  mayWorkTicketEvent,
}: JudgeInput): DoorVerdict | "admit" {
  if (scan.kind === "unsigned") return invalidVerdict("signature");
  if (!ticket) return invalidVerdict("unknown");
  // A signed token naming a ticket of another event short id: not one we issued as such.
  if (scan.kind === "token" && ticket.eventShortId !== scan.eventShortId) {
    return invalidVerdict("unknown");
  }
  const givenAway = scan.kind === "token" && ticket.generation !== scan.generation;
  const event = eventOf(ticket);
  const shown = shownTicket(ticket);
  if (ticket.eventId !== doorEventId) {
    // Anyone can open a business and know a ticket id: a door that may not work the
    // ticket's own event learns neither its holder nor its event. An old QR of a ticket
    // passed on names nobody away from its event's door, its own staff included.
    if (!mayWorkTicketEvent) return notForThisEventVerdict();
    if (givenAway) return invalidVerdict("given-away");
    return {
      verdict: "wrong-event",
      message: `Wrong event: this ticket is for ${ticket.eventTitle}.`,
      ticket: shown,
      event,
      checkIn: null,
    };
  }
  if (givenAway) return invalidVerdict("given-away");
  if (ticket.status === "cancelled") {
    return {
      verdict: "cancelled",
      message: "This ticket was cancelled.",
      ticket: shown,
      event,
      checkIn: null,
    };
  }
  if (ticket.status === "checked-in") {
    const { checkIn } = ticket;
    return {
      verdict: "already-checked-in",
      message: checkIn ? alreadyMessage(checkIn) : "Already checked in.",
      ticket: shown,
      event,
      checkIn,
    };
  }
  return "admit";
}

/** The verdict of a check that does not admit: `valid` where the door would admit. */
export function verdictWithoutAdmitting(input: JudgeInput): DoorVerdict {
  const judged = judgeTicket(input);
  if (judged !== "admit") return judged;
  const { ticket } = input;
  // judgeTicket admits only a ticket it was given.
  if (!ticket) return invalidVerdict("unknown");
  return {
    verdict: "valid",
    message: validMessage,
    ticket: shownTicket(ticket),
    event: eventOf(ticket),
    checkIn: null,
  };
}

function shownTicket(ticket: TicketFacts): NonNullable<DoorVerdict["ticket"]> {
  return {
    id: ticket.id,
    attendeeName: ticket.attendeeName,
    ticketTypeName: ticket.ticketTypeName,
  };
}

function eventOf(ticket: TicketFacts): NonNullable<DoorVerdict["event"]> {
  return { id: ticket.eventId, title: ticket.eventTitle };
}
