import type { TicketKeyRing } from "./ticket-keys.ts";
import { encodeTicketToken } from "./ticket-token.ts";

/** The QR token of a ticket as it is now, signed with the active key. */
export function qrTokenFor(
  ring: TicketKeyRing,
  ticket: { id: string; eventShortId: string; generation: number },
): string {
  const { kid, key } = ring.signingKey();
  return encodeTicketToken(
    { kid, ticketId: ticket.id, eventShortId: ticket.eventShortId, generation: ticket.generation },
    key,
  );
}
