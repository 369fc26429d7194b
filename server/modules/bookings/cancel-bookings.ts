import { type SQL, sql } from "drizzle-orm";
import type { CancellationSource } from "#contract/booking-status.ts";
import { bookingPath, eventTicketsPath } from "#contract/paths.ts";
import { releaseHoldsWhereStatement } from "#server/modules/holds/hold-statements.ts";
import { startFanout } from "#server/modules/notifications/notice-fanout.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

export type CancelledBooking = { id: string; userId: string; reference: string; eventId: string };

/**
 * Cancels the confirmed bookings matching `where` (on `bookings b`, joined to `events e`),
 * their valid tickets, and gives those tickets back to their types, in ONE statement:
 * the booking, its tickets and `taken` cannot disagree. Checked-in tickets stay as they
 * are (history of who came) and are not counted back.
 */
export async function cancelBookingsWhere(
  tx: Executor,
  where: SQL,
  source: CancellationSource,
): Promise<CancelledBooking[]> {
  const rows = await rowsOf<{ id: string; user_id: string; reference: string; event_id: string }>(
    tx,
    sql`
    with picked as (
      select b.id from bookings b join events e on e.id = b.event_id
      where ${where} and b.status = 'confirmed'
      for update of b
    ),
    cancelled as (
      update bookings b set status = 'cancelled', cancelled_at = now(), cancelled_by = ${source}
      from picked p where b.id = p.id and b.status = 'confirmed'
      returning b.id, b.user_id, b.reference, b.event_id
    ),
    voided as (
      update tickets k set status = 'cancelled', cancelled_at = now()
      from cancelled c where k.booking_id = c.id and k.status = 'valid'
      returning k.ticket_type_id
    ),
    freed as (
      select ticket_type_id, count(*)::int as quantity from voided group by ticket_type_id
    ),
    returned as (
      update ticket_types t set taken = t.taken - f.quantity
      from freed f where t.id = f.ticket_type_id
      returning t.id
    )
    select c.*, (select count(*) from returned) as types from cancelled c`,
  );
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    reference: row.reference,
    eventId: row.event_id,
  }));
}

/**
 * The organiser cancelled the event (a step of events.cancel, inside its transaction):
 * live holds are let go, bookings and tickets cancelled, and every person concerned told
 * by a notice fan-out (every channel they have: a cancellation is not marketing).
 */
export async function cancelBookingsOfEvent(
  tx: Executor,
  event: { id: string; title: string },
  reason: string | null,
): Promise<CancelledBooking[]> {
  await tx.execute(releaseHoldsWhereStatement({ eventId: event.id }));
  // Before the tickets are cancelled: who holds one is read from the valid tickets.
  await startFanout(tx, {
    // An event is cancelled once: a second start (a retried step) tells nobody again.
    key: `event-cancelled:${event.id}`,
    kind: "event-cancelled",
    eventId: event.id,
    always: true,
    title: `${event.title} is cancelled`,
    body: `The organiser cancelled ${event.title}. Your bookings and tickets for it are cancelled; what was paid by card is refunded to the card in full (it shows within a few days).${reason ? ` The organiser wrote: "${reason}"` : ""}`,
    link: null,
    recipients: peopleConcerned(event.id),
  });
  return cancelBookingsWhere(tx, sql`b.event_id = ${event.id}::uuid`, "organizer");
}

/**
 * Everyone an event's cancellation concerns, once each: every booker of a confirmed
 * booking (linked to their booking) and every holder of a valid ticket (a ticket passed
 * on: linked to their tickets). A person both booker and holder keeps the booking link.
 */
function peopleConcerned(eventId: string): SQL {
  // References are letters, digits and a dash: the path needs no encoding of them.
  return sql`select distinct on (user_id) user_id, link from (
      select b.user_id, ${bookingPath("")} || b.reference as link, 0 as rank
        from bookings b where b.event_id = ${eventId}::uuid and b.status = 'confirmed'
      union all
      select k.holder_user_id, ${eventTicketsPath(eventId)}, 1
        from tickets k where k.event_id = ${eventId}::uuid and k.status = 'valid'
          and k.holder_user_id is not null
    ) concerned order by user_id, rank`;
}

/**
 * Account deletion: the user's bookings for events that have not started are cancelled
 * (their tickets go back on sale) and their live holds let go. Past bookings stay, for
 * the organiser's accounts, attached to the anonymised account.
 */
export async function cancelFutureBookingsOfUser(tx: Executor, userId: string): Promise<number> {
  await tx.execute(releaseHoldsWhereStatement({ userId }));
  const cancelled = await cancelBookingsWhere(
    tx,
    // A booking with tickets given to others stays: those tickets are theirs now.
    sql`b.user_id = ${userId}::uuid and e.starts_at > now() and not exists (
      select 1 from tickets k where k.booking_id = b.id and k.status = 'valid'
        and k.holder_user_id is distinct from b.user_id)`,
    "account-deletion",
  );
  return cancelled.length;
}

/**
 * A deleted account's bookings are kept for the organizers' accounting, anonymised: the
 * contact phone and email given at checkout go (an account-deletion step).
 */
export async function forgetBookingContactsOf(tx: Executor, userId: string): Promise<void> {
  await tx.execute(
    sql`update bookings set contact_phone = null, contact_email = null
      where user_id = ${userId}::uuid and (contact_phone is not null or contact_email is not null)`,
  );
}
