import { sql } from "drizzle-orm";
import type { TicketStatus } from "#contract/ticket-status.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import type { TicketKeyRing } from "./ticket-keys.ts";
import { encodeTicketToken, verifyTicketToken } from "./ticket-token.ts";

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

/**
 * What the server says of a scanned token: `valid` only when the signature checks out,
 * the ticket exists with that event and generation (a ticket passed on has a newer one),
 * and it has not been used or cancelled.
 */
export type TokenVerdict =
  | { verdict: "invalid" }
  | { verdict: "wrong-event" }
  | { verdict: "superseded" }
  | { verdict: "cancelled" | "checked-in" | "valid"; ticketId: string; eventId: string };

export async function checkTicketToken(
  db: Executor,
  ring: TicketKeyRing,
  token: string,
  expectedEventId?: string,
): Promise<TokenVerdict> {
  const claims = await verifyTicketToken(token, (kid) => ring.verificationKey(kid));
  if (!claims) return { verdict: "invalid" };
  const [row] = await rowsOf<{
    id: string;
    event_id: string;
    short_id: string;
    generation: number;
    status: TicketStatus;
  }>(
    db,
    sql`select k.id, k.event_id, e.short_id, k.generation, k.status
      from tickets k join events e on e.id = k.event_id where k.id = ${claims.ticketId}::uuid`,
  );
  // A signed token names a ticket that existed; a row gone means its booking was erased.
  if (!row || row.short_id !== claims.eventShortId) return { verdict: "invalid" };
  if (expectedEventId && row.event_id !== expectedEventId) return { verdict: "wrong-event" };
  if (Number(row.generation) !== claims.generation) return { verdict: "superseded" };
  return { verdict: row.status, ticketId: row.id, eventId: row.event_id };
}
