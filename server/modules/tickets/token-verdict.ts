import type { DoorVerdict } from "#contract/door-verdict.ts";
import { verdictWithoutAdmitting } from "#contract/judge-ticket.ts";
import { eventRoleOf } from "#server/modules/teams/team-access.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { readTicketFacts } from "./ticket-facts.ts";
import type { TicketKeyRing } from "./ticket-keys.ts";
import { verifyTicketToken } from "./ticket-token.ts";

/**
 * `tickets.verifyToken`: what the door of `doorEventId` would say of a scanned token, by the
 * door's own rule (`judgeTicket`), without admitting: `valid` where the door would admit.
 * `userId` is who asks: of a ticket of an event whose door they may not work they learn
 * nothing.
 */
export async function tokenVerdict(
  db: Executor,
  ring: TicketKeyRing,
  input: { token: string; doorEventId: string; userId: string },
): Promise<DoorVerdict> {
  const claims = await verifyTicketToken(input.token, (kid) => ring.verificationKey(kid));
  const ticket = claims ? await readTicketFacts(db, { ticketId: claims.ticketId }) : null;
  const mayWorkTicketEvent =
    !ticket ||
    ticket.eventId === input.doorEventId ||
    Boolean(await eventRoleOf(db, input.userId, ticket.eventId));
  return verdictWithoutAdmitting({
    scan: claims
      ? { kind: "token", eventShortId: claims.eventShortId, generation: claims.generation }
      : { kind: "unsigned" },
    ticket,
    doorEventId: input.doorEventId,
    mayWorkTicketEvent,
  });
}
