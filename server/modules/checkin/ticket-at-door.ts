import type { DoorVerdict } from "#contract/door-verdict.ts";
import { judgeTicket, type ScanFacts } from "#contract/judge-ticket.ts";
import { ticketAtDoorOf } from "#server/modules/tickets/ticket-facts.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type { TicketTarget } from "./admit-statement.ts";

/**
 * Why a ticket was not admitted, read after the admitting statement matched nothing
 * (`judgeTicket` decides): unknown, another event, an old generation (given away),
 * cancelled, or already in (with when, by whom, on which device). Null when the ticket is
 * valid after all (an undo in between): the caller tries the admission again.
 * `staffUserId`: who asks, at the door of `eventId`; of a ticket of an event whose door
 * they may not work they learn nothing.
 */
export async function verdictWithoutAdmission(
  tx: Executor,
  target: TicketTarget,
  eventId: string,
  staffUserId: string,
): Promise<DoorVerdict | null> {
  const atDoor = await ticketAtDoorOf(
    tx,
    target.kind === "code"
      ? { eventId, manualCode: target.manualCode }
      : { ticketId: target.ticketId },
    eventId,
    staffUserId,
  );
  const judged = judgeTicket({ scan: scanOf(target), ...atDoor });
  return judged === "admit" ? null : judged;
}

function scanOf(target: TicketTarget): ScanFacts {
  return target.kind === "token"
    ? { kind: "token", eventShortId: target.eventShortId, generation: target.generation }
    : { kind: target.kind };
}
