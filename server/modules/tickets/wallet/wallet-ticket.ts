import { sql } from "drizzle-orm";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { findTicket, type TicketRecord } from "../ticket-records.ts";

/** A ticket with what its wallet pass shows beyond the ticket page. */
export type WalletTicket = TicketRecord & {
  businessName: string;
  /** When anything a pass shows last changed: issued, passed on, cancelled, event edited. */
  lastUpdated: Date;
};

/**
 * The ticket and the business selling it. The businesses table is read by name (like the
 * bookings table): the tickets module sits below businesses (decision 012).
 */
export async function findWalletTicket(
  db: Executor,
  ticketId: string,
): Promise<WalletTicket | null> {
  const ticket = await findTicket(db, ticketId);
  if (!ticket) return null;
  const [row] = await rowsOf<{ business_name: string; last_updated: string | Date }>(
    db,
    sql`select b.name as business_name, ${lastUpdatedSql} as last_updated
      from tickets k join events e on e.id = k.event_id join businesses b on b.id = e.business_id
      where k.id = ${ticket.id}::uuid`,
  );
  if (!row) return null;
  return { ...ticket, businessName: row.business_name, lastUpdated: new Date(row.last_updated) };
}

/**
 * A ticket row `k` (with its event `e`): the latest change a pass shows. Derived rather
 * than stored, so no writer of tickets, assignments or events has to remember to bump it.
 */
export const lastUpdatedSql = sql`greatest(k.created_at, k.cancelled_at, e.updated_at,
  (select max(greatest(a.created_at, a.settled_at)) from ticket_assignments a where a.ticket_id = k.id))`;
