import { type SQL, sql } from "drizzle-orm";
import { listWaitingSql } from "#server/modules/events/waiting-list-gate.ts";
import { HOLD_SCOPE } from "./hold-statements.ts";
import { onSaleSql } from "./sale-rules.ts";

/** One hold of ONE ticket type in a batch (the hot shape: every buyer of the same type). */
export type BatchedHold = {
  holdId: string;
  userId: string;
  quantity: number;
  idempotencyKey: string;
};

export type BatchTakenRow = {
  /** JSON (a string on some drivers): `[{holdId, expiresAt}]` of the holds made. */
  held: unknown;
  price_minor: number | null;
  currency: string | null;
  /** The type stood at 90 % of its capacity or more after the batch. */
  near_full: boolean | null;
};

/**
 * Many single-type holds of one ticket type in ONE statement, so the hot row is locked
 * once for the whole batch instead of once per hold (decision 015):
 *
 * - `locked` takes the type's row lock (FOR UPDATE returns the latest version after
 *   waiting for a concurrent updater) and the free count, with the sale rules in the
 *   WHERE from the same `onSaleSql` as the single hold (the largest quantity within the
 *   per-order limit, else none is taken and each goes alone); a hidden type never
 *   (`onSaleSql` with no code: decision 036). Nor is any taken while
 *   anyone waits in the type's waiting list (`listWaitingSql`, as the single hold).
 * - The holds are granted in arrival order while the running sum of quantities fits the
 *   free count: a prefix, so `taken` grows by the last granted running sum. The holds not
 *   granted are "short" and go the single-hold way (sweep, fresh read, exact refusal).
 * - The CHECK (taken <= capacity) stays the backstop: nothing here can oversell even if
 *   the arithmetic were wrong; the statement would fail and every hold would go alone.
 * - A unique violation (a buyer's second live hold, a twin idempotency key) fails the
 *   whole statement; the caller then runs each hold alone, which sorts them out.
 */
export function takeBatchStatement(input: {
  eventId: string;
  ticketTypeId: string;
  holdMinutes: number;
  holds: readonly BatchedHold[];
}): SQL {
  const rows = sql.join(
    input.holds.map(
      (hold, i) =>
        sql`(${i}::int, ${hold.holdId}::uuid, ${hold.userId}::uuid, ${hold.quantity}::int, ${hold.idempotencyKey}::text)`,
    ),
    sql`, `,
  );
  const largest = Math.max(...input.holds.map((hold) => hold.quantity));
  return sql`
    with commit_mode as (select set_config('synchronous_commit', 'off', true) as mode),
    req (idx, hold_id, user_id, quantity, key) as (values ${rows}),
    locked as (
      select t.id, t.capacity - t.taken as free, t.price_minor, t.currency
      from ticket_types t
      where t.id = ${input.ticketTypeId}
        and not ${listWaitingSql(sql`t.id`)}
        and ${onSaleSql(input.eventId, sql`${largest}::int`)}
      for update of t
    ),
    running as (select r.*, sum(r.quantity) over (order by r.idx) as upto from req r),
    granted as (
      select coalesce(max(r.upto), 0)::int as amount from running r, locked l where r.upto <= l.free
    ),
    bumped as (
      update ticket_types t set taken = t.taken + g.amount
      from granted g
      where t.id = (select id from locked) and g.amount > 0
      returning t.id, t.taken * 10 >= t.capacity * 9 as near_full
    ),
    hold as (
      insert into holds (id, user_id, event_id, expires_at)
      select r.hold_id, r.user_id, ${input.eventId},
             now() + make_interval(mins => ${input.holdMinutes}::int)
      from running r, granted g where r.upto <= g.amount
      returning id, expires_at
    ),
    items as (
      insert into hold_items (hold_id, ticket_type_id, quantity, unit_price_minor, currency)
      select h.id, l.id, r.quantity, l.price_minor, l.currency
      from hold h join running r on r.hold_id = h.id cross join locked l
      returning 1
    ),
    idempotency as (
      insert into idempotency_keys (user_id, scope, key, hold_id)
      select r.user_id, ${HOLD_SCOPE}, r.key, h.id from hold h join running r on r.hold_id = h.id
      returning 1
    )
    select
      (select mode from commit_mode) as commit_mode,
      (select count(*) from bumped)::int as bumped,
      (select json_agg(json_build_object('holdId', id, 'expiresAt', expires_at)) from hold) as held,
      (select price_minor from locked) as price_minor,
      (select currency from locked) as currency,
      (select near_full from bumped) as near_full`;
}
