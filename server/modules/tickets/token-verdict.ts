import { type DoorVerdict, invalidVerdict } from "#contract/door-verdict.ts";
import { verdictWithoutAdmitting } from "#contract/judge-ticket.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { ticketAtDoorOf } from "./ticket-facts.ts";
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
  // Not ours or damaged, as the door says of it (door-scan.ts).
  if (!claims) return invalidVerdict("signature");
  const atDoor = await ticketAtDoorOf(
    db,
    { ticketId: claims.ticketId },
    input.doorEventId,
    input.userId,
  );
  return verdictWithoutAdmitting({
    scan: { kind: "token", eventShortId: claims.eventShortId, generation: claims.generation },
    ...atDoor,
  });
}
