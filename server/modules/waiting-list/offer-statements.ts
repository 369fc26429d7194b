import { type SQL, sql } from "drizzle-orm";

export type OfferInput = {
  entryId: string;
  holdId: string;
  userId: string;
  eventId: string;
  ticketTypeId: string;
  quantity: number;
  hours: number;
  byHand: boolean;
};

export type OfferRow = { hold_id: string | null; expires_at: string | Date | null };

/**
 * An offer in ONE statement: the hold (its items priced from the type, as the hold
 * statements price them), the type's `taken`, and the entry moved to `offered`. Run in a
 * transaction that already locked the type row and the entry FOR UPDATE, so what it
 * reads of them is what it writes. Everything hangs on the hold's insert:
 *
 * - `taken + n <= capacity` on the locked row (the CHECK on ticket_types is the backstop);
 * - the entry still `waiting` (a leave that came first wins);
 * - the person's one live hold per event (`holds_one_active_per_user_event`): a hold they
 *   made meanwhile makes the insert do nothing instead of failing the transaction, and
 *   with no hold nothing else changes.
 *
 * The hold lasts the event's offer hours; the usual booking flow claims it and the hold
 * sweep expires it.
 */
export function offerStatement(input: OfferInput): SQL {
  const { entryId, holdId, userId, eventId, ticketTypeId, quantity, hours, byHand } = input;
  return sql`
    with hold as (
      insert into holds (id, user_id, event_id, expires_at)
      select ${holdId}, ${userId}, ${eventId}, now() + make_interval(hours => ${hours}::int)
      where exists (select 1 from waiting_list_entries
          where id = ${entryId} and user_id = ${userId} and status = 'waiting')
        and exists (select 1 from ticket_types
          where id = ${ticketTypeId} and taken + ${quantity}::int <= capacity)
      on conflict (user_id, event_id) where status = 'active' do nothing
      returning id, expires_at
    ),
    items as (
      insert into hold_items (hold_id, ticket_type_id, quantity, unit_price_minor, currency)
      select h.id, t.id, ${quantity}::int, t.price_minor, t.currency
      from hold h cross join ticket_types t where t.id = ${ticketTypeId}
      returning 1
    ),
    taken as (
      update ticket_types t set taken = t.taken + ${quantity}::int
      where t.id = ${ticketTypeId} and exists (select 1 from hold)
      returning 1
    ),
    entry as (
      update waiting_list_entries w set status = 'offered', hold_id = h.id,
        offered_quantity = ${quantity}::int, offered_at = now(), offer_expires_at = h.expires_at,
        offered_by_hand = ${byHand}
      from hold h
      where w.id = ${entryId}
      returning 1
    )
    select (select id from hold) as hold_id, (select expires_at from hold) as expires_at,
      (select count(*) from items)::int as items, (select count(*) from taken)::int as taken,
      (select count(*) from entry)::int as entries`;
}

export type SettledRow = {
  id: string;
  user_id: string;
  status: "claimed" | "lapsed";
  /** Whether the person is told: the hold ran out (or is gone), not let go by themselves. */
  tell: boolean;
  quantity: number;
  type_name: string;
  title: string;
  short_id: string;
};

/**
 * Settles up to `batch` offers whose hold is no longer active: `claimed` when it became a
 * booking, else `lapsed` (expired, released, replaced, or deleted: `hold_id` set null).
 * A hold still active but run out counts its tickets until the sweep frees them, so its
 * offer waits for the sweep. SKIP LOCKED: an entry being left right now is that leave's.
 */
export function settleStatement(batch: number): SQL {
  return sql`
    with picked as (
      select w.id, h.status as hold_status from waiting_list_entries w
      left join holds h on h.id = w.hold_id
      where w.status = 'offered' and (h.id is null or h.status <> 'active')
      order by w.offered_at limit ${batch}
      for update of w skip locked
    ),
    settled as (
      update waiting_list_entries w
      set status = case when p.hold_status = 'converted' then 'claimed' else 'lapsed' end,
        ended_at = now()
      from picked p where w.id = p.id
      returning w.id, w.user_id, w.status, w.event_id, w.ticket_type_id, w.offered_quantity,
        p.hold_status
    )
    select s.id, s.user_id, s.status, s.offered_quantity as quantity,
      (s.hold_status is null or s.hold_status = 'expired') as tell,
      t.name as type_name, e.title, e.short_id
    from settled s join ticket_types t on t.id = s.ticket_type_id
    join events e on e.id = s.event_id`;
}
