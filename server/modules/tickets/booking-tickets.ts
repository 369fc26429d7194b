import { sql } from "drizzle-orm";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import type { TicketKeyRing } from "./ticket-keys.ts";
import { recordOf, selectTickets, type TicketRow } from "./ticket-records.ts";
import { type TicketView, viewOf } from "./ticket-views.ts";

/** A ticket as the buyer's email shows it: its view and the generation its wallet link signs. */
export type BookingTicket = TicketView & { generation: number };

/**
 * The valid tickets of a booking that its buyer still holds, in the booking page's order, each
 * with its current QR token. A ticket passed on to someone else is theirs now: its new
 * QR must not travel in the buyer's email.
 */
export async function bookingTickets(
  db: Executor,
  ring: TicketKeyRing,
  bookingId: string,
): Promise<BookingTicket[]> {
  const rows = await rowsOf<TicketRow>(
    db,
    sql`${selectTickets} where k.booking_id = ${bookingId}::uuid and k.status = 'valid'
      and k.holder_user_id is not distinct from b.user_id
      order by k.created_at, k.id limit 200`,
  );
  return rows.map((row) => {
    const record = recordOf(row);
    return { ...viewOf(ring, record), generation: record.generation };
  });
}
