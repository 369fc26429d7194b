import type { AnswerView } from "./event-questions.ts";

/**
 * What the door says of one scan or manual admission (decision 019), and what the
 * organiser's check of a token says without admitting (`valid`). One vocabulary for the
 * server's door, the pages that show it and the offline door, which decides in the browser
 * with `judgeTicket` (judge-ticket.ts).
 */
export const verdictKinds = [
  "admitted",
  "valid",
  "already-checked-in",
  "wrong-event",
  "cancelled",
  "invalid",
] as const;
export type VerdictKind = (typeof verdictKinds)[number];

/** Why a code is invalid: forged or damaged, no such ticket, or an old QR of a ticket given away. */
export const invalidReasons = ["signature", "unknown", "given-away"] as const;
export type InvalidReason = (typeof invalidReasons)[number];

/** An admission at the door, as a verdict shows it. */
export type DoorCheckIn = {
  id: string;
  at: string;
  /** HH:MM in the event's time zone. */
  time: string;
  staffName: string;
  deviceId: string;
};

export type DoorVerdict = {
  verdict: VerdictKind;
  message: string;
  reason?: InvalidReason;
  ticket: {
    id: string;
    attendeeName: string;
    ticketTypeName: string;
    /**
     * The answers given at checkout (decision 037): this ticket's own and its order's,
     * in the order asked. Added by the server to each answer it gives, never kept with a
     * stored verdict (they go with the buyer's account); absent when there are none and
     * when decided offline.
     */
    answers?: AnswerView[];
  } | null;
  /**
   * The ticket's event (for `wrong-event`, the other event it is for, and only to someone
   * who may work that event's door too; anyone else gets `notForThisEventVerdict`).
   */
  event: { id: string; title: string } | null;
  /** The admission: this one (`admitted`) or the earlier one (`already-checked-in`). */
  checkIn: DoorCheckIn | null;
};

/** HH:MM (24-hour) of `at` in `timeZone`. */
export function clockTime(at: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(at));
}

const invalidMessages: Record<InvalidReason, string> = {
  signature: "Not a valid ticket code: it was not issued by us or is damaged.",
  unknown: "No ticket with this code at this event.",
  "given-away": "An old QR code: this ticket was given to someone else, who has the current one.",
};

export function invalidVerdict(reason: InvalidReason): DoorVerdict {
  return {
    verdict: "invalid",
    reason,
    message: invalidMessages[reason],
    ticket: null,
    event: null,
    checkIn: null,
  };
}

/** What a door learns of a ticket of an event whose door it may not work: nothing of it. */
export function notForThisEventVerdict(): DoorVerdict {
  return {
    verdict: "wrong-event",
    message: "Not a ticket for this event.",
    ticket: null,
    event: null,
    checkIn: null,
  };
}

export function alreadyMessage(checkIn: DoorCheckIn): string {
  return `Already checked in at ${checkIn.time} by ${checkIn.staffName} (${checkIn.deviceId}).`;
}

/** The message of `valid`: the ticket would be admitted, and this check did not admit it. */
export const validMessage = "Valid: not checked in yet.";

/** A ticket admitted just now: its check-in is `checkIn`. */
export function admittedVerdict(
  ticket: NonNullable<DoorVerdict["ticket"]>,
  event: NonNullable<DoorVerdict["event"]>,
  checkIn: DoorCheckIn,
): DoorVerdict {
  return { verdict: "admitted", message: "Admitted.", ticket, event, checkIn };
}
