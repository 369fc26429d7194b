import { sql } from "drizzle-orm";
import type { BookingStatus, CancellationSource } from "#contract/booking-status.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

export type CancelledTickets = {
  /** The tickets this call cancelled (valid ones among those asked for). */
  ticketIds: string[];
  /** Whether the booking has no valid or used ticket left, and was closed with `closeAs`. */
  bookingClosed: boolean;
};

/**
 * Cancels some valid tickets of one confirmed booking (`ticketIds`, or every valid one
 * when null) and gives their places back to their types, in ONE statement; when no valid
 * or checked-in ticket is left, the booking is closed as `closeAs` (`cancelled`, or
 * `refunded` when its money went back) by `source`. Checked-in tickets are never touched.
 * The caller locks the booking first (`for update`) when it decides on amounts.
 */
export async function cancelTicketsOfBooking(
  tx: Executor,
  input: {
    bookingId: string;
    ticketIds: readonly string[] | null;
    source: CancellationSource;
    closeAs: Extract<BookingStatus, "cancelled" | "refunded">;
  },
): Promise<CancelledTickets> {
  const chosen =
    input.ticketIds === null
      ? sql`true`
      : sql`k.id = any(${`{${input.ticketIds.join(",")}}`}::uuid[])`;
  const [row] = await rowsOf<{ ticket_ids: string[] | string | null; closed: boolean }>(
    tx,
    sql`
    with voided as (
      update tickets k set status = 'cancelled', cancelled_at = now()
      from bookings b
      where b.id = ${input.bookingId}::uuid and b.status = 'confirmed'
        and k.booking_id = b.id and k.status = 'valid' and ${chosen}
      returning k.id, k.ticket_type_id
    ),
    freed as (
      select ticket_type_id, count(*)::int as quantity from voided group by ticket_type_id
    ),
    returned as (
      update ticket_types t set taken = t.taken - f.quantity
      from freed f where t.id = f.ticket_type_id
      returning t.id
    ),
    closed as (
      update bookings b set status = ${input.closeAs}, cancelled_at = now(),
        cancelled_by = ${input.source}
      where b.id = ${input.bookingId}::uuid and b.status = 'confirmed'
        and exists (select 1 from voided)
        and not exists (
          select 1 from tickets k where k.booking_id = b.id
            and k.status in ('valid', 'checked-in')
            and k.id not in (select id from voided))
      returning b.id
    )
    select (select array_agg(id) from voided) as ticket_ids,
      exists (select 1 from closed) as closed,
      (select count(*) from returned) as types`,
  );
  const ids = row?.ticket_ids ?? [];
  return {
    ticketIds: typeof ids === "string" ? parsePgArray(ids) : ids,
    bookingClosed: row?.closed === true,
  };
}

/** `{a,b}` as PGlite may return a uuid[] in a raw statement. */
function parsePgArray(text: string): string[] {
  const inner = text.replace(/^\{|\}$/g, "");
  return inner ? inner.split(",") : [];
}
