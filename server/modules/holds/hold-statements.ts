import { type SQL, sql } from "drizzle-orm";
import type { HoldEnding } from "#contract/hold-status.ts";
import { listWaitingSql } from "#server/modules/events/waiting-list-gate.ts";
import { type HoldLine, onSaleSql } from "./sale-rules.ts";

/** SQLSTATE raised by hold_abort_partial(): a hold of several types could not take them all. */
export const PARTIAL_HOLD = "P0001";

export type TakeTicketsInput = {
  holdId: string;
  userId: string;
  eventId: string;
  lines: readonly HoldLine[];
  holdMinutes: number;
  /** Recorded in the same statement, so a twin request fails on its primary key. */
  idempotencyKey: string;
  /**
   * A hold made with a code (decision 036): the code's id, set on the hold, and the hidden
   * types it names, which this hold alone may take. Absent on the public paths.
   */
  code?: { id: string; unlocked: readonly string[] };
};

export type TakenRow = {
  hold_id: string | null;
  expires_at: string | Date | null;
  /**
   * JSON (a string on some drivers) of what was taken: ticketTypeId, quantity, price, and
   * `nearFull` when the type stood at 90 % of its capacity or more after this hold.
   */
  items: unknown;
  taken_types: number;
};

/** One type a hold statement took, as `TakenRow.items` lists it. */
export type TakenItem = {
  ticketTypeId: string;
  quantity: number;
  unitPriceMinor: number;
  currency: string;
  nearFull?: boolean;
};

/** The types a hold statement took (its `items`, parsed where the driver gave text). */
export const takenItems = (row: TakenRow) =>
  (typeof row.items === "string" ? JSON.parse(row.items) : row.items) as TakenItem[];

/** Thrown inside a hold's transaction when its statement took nothing: undoes the transaction. */
export class ShortOfTickets extends Error {}

export const HOLD_SCOPE = "holds.create";

/**
 * Hold statements commit without waiting for the WAL flush (`synchronous_commit = off`
 * for their own transaction only). With synchronous commit the hot ticket type's row lock
 * is held through an fsync on every hold and release, which capped the hot path at a few
 * hundred per second here; without it, several thousand. What it risks: if PostgreSQL
 * itself crashes, the last fraction of a second of hold changes may be lost, each one
 * whole (a hold and its `taken` together), so nothing is ever oversold or miscounted. A
 * booking commits synchronously, which also makes durable every hold change before it.
 * (Decision 009.) Must be referenced by the statement's final SELECT to be evaluated.
 */
const asyncCommit = sql`commit_mode as (
      select set_config('synchronous_commit', 'off', true) as mode)`;
/** The same shape without the setting: for statements inside a durable transaction. */
const keepCommitMode = sql`commit_mode as (select 'unchanged' as mode)`;

/**
 * The hold, in ONE statement: the conditional UPDATE takes the tickets (a row lock on each
 * ticket type, held only for this statement in autocommit), the hold and its items are
 * inserted from what it returned, and the idempotency key is recorded alongside.
 *
 * - Never oversells: `taken + n <= capacity` is evaluated on the locked, latest row
 *   version (PostgreSQL re-checks the WHERE after waiting for a concurrent updater); the
 *   CHECK on ticket_types is the backstop.
 * - Takes nothing of a hidden type unless the hold's code names it (`hiddenAllowedSql`
 *   inside `onSaleSql`, decision 036): the batched statement uses the same rule with no
 *   code, so the public never takes a hidden type.
 * - Takes nothing of a type while anyone waits in its waiting list (`listWaitingSql`,
 *   decision 034): those tickets are the list's. The condition sits in the same WHERE,
 *   so a join committed before this statement began is always seen (a join committing
 *   while it runs is concurrent with it: either order is fair). One index probe
 *   (waiting_list_entries_waiting) per type. The sale rules (`onSaleSql` of sale-rules.ts:
 *   event published, not ended, business active, sales window, per-order limit) are in
 *   the WHERE too, so the caller may decide to try from a slightly stale read and still
 *   never sell what it should not.
 * - All or nothing over several types: when some types were taken and others not, the
 *   final SELECT calls `hold_abort_partial()`, which raises and undoes the whole statement.
 *   When none were taken nothing changed; the hold row is only inserted when all were.
 * - One live hold per user and event: a concurrent second hold fails on the partial
 *   unique index, undoing its tickets with it.
 */
export function takeTicketsStatement(input: TakeTicketsInput): SQL {
  const wanted = sql.join(
    input.lines.map((line) => sql`(${line.ticketTypeId}::uuid, ${line.quantity}::int)`),
    sql`, `,
  );
  const count = input.lines.length;
  const codeId = input.code?.id ?? null;
  return sql`
    with ${asyncCommit},
    wanted (ticket_type_id, quantity) as (values ${wanted}),
    taken as (
      update ticket_types t
      set taken = t.taken + w.quantity
      from wanted w
      where t.id = w.ticket_type_id
        and t.taken + w.quantity <= t.capacity
        and not ${listWaitingSql(sql`t.id`)}
        and ${onSaleSql(input.eventId, sql`w.quantity`, input.code?.unlocked)}
      returning t.id, w.quantity, t.price_minor, t.currency,
        t.taken * 10 >= t.capacity * 9 as near_full
    ),
    hold as (
      insert into holds (id, user_id, event_id, expires_at, code_id)
      select ${input.holdId}, ${input.userId}, ${input.eventId},
             now() + make_interval(mins => ${input.holdMinutes}::int), ${codeId}::uuid
      where (select count(*) from taken) = ${count}
      returning id, expires_at
    ),
    items as (
      insert into hold_items (hold_id, ticket_type_id, quantity, unit_price_minor, currency)
      select h.id, t.id, t.quantity, t.price_minor, t.currency from hold h cross join taken t
      returning 1
    ),
    idempotency as (
      insert into idempotency_keys (user_id, scope, key, hold_id)
      select ${input.userId}, ${HOLD_SCOPE}, ${input.idempotencyKey}, h.id from hold h
      returning 1
    )
    select
      (select id from hold) as hold_id,
      (select expires_at from hold) as expires_at,
      (select json_agg(json_build_object('ticketTypeId', id, 'quantity', quantity,
          'unitPriceMinor', price_minor, 'currency', currency, 'nearFull', near_full))
        from taken) as items,
      (select mode from commit_mode) as commit_mode,
      case when (select count(*) from taken) in (0, ${count})
           then (select count(*) from taken)::int
           else hold_abort_partial() end as taken_types`;
}

/**
 * Ends the selected active holds and gives their tickets back, in one statement. The
 * status change and the `taken` decrement cannot come apart, and a hold already ended
 * (by a racing confirm, release or sweep) is skipped by `status = 'active'`.
 */
function endHoldsStatement(selected: SQL, ending: HoldEnding, durable = false): SQL {
  return sql`
    with ${durable ? keepCommitMode : asyncCommit},
    picked as (${selected}),
    ended as (
      update holds h set status = ${ending}, ended_at = now()
      from picked p
      where h.id = p.id and h.status = 'active'
      returning h.id
    ),
    freed as (
      select hi.ticket_type_id, sum(hi.quantity)::int as quantity
      from hold_items hi join ended e on e.id = hi.hold_id
      group by hi.ticket_type_id
    ),
    returned as (
      update ticket_types t set taken = t.taken - f.quantity
      from freed f where t.id = f.ticket_type_id
      returning t.id
    )
    select (select mode from commit_mode) as commit_mode,
           (select json_agg(id) from ended) as ended_ids,
           (select count(*) from ended)::int as holds,
           (select count(*) from returned)::int as types`;
}

/** Releases one hold of this user (or none, when it is not theirs or not active). */
export function releaseHoldStatement(holdId: string, userId: string, ending: HoldEnding): SQL {
  return endHoldsStatement(
    sql`select id from holds where id = ${holdId} and user_id = ${userId} and status = 'active' for update`,
    ending,
  );
}

/**
 * Releases several holds, each of its own user, in one statement (the batched
 * holds.release, decision 015): the hot type's row is updated once for all of them.
 * Rows are locked in id order, so two such batches cannot deadlock on each other.
 */
export function releaseHoldsStatement(
  pairs: readonly { holdId: string; userId: string }[],
  ending: HoldEnding,
): SQL {
  const wanted = sql.join(
    pairs.map((p) => sql`(${p.holdId}::uuid, ${p.userId}::uuid)`),
    sql`, `,
  );
  return endHoldsStatement(
    sql`select id from holds where (id, user_id) in (values ${wanted}) and status = 'active'
        order by id for update`,
    ending,
  );
}

/** Expires one hold whatever its owner, when it has run out (a confirm that came too late). */
export function expireHoldStatement(holdId: string): SQL {
  return endHoldsStatement(
    sql`select id from holds where id = ${holdId} and status = 'active' and expires_at <= now() for update`,
    "expired",
  );
}

/**
 * The sweep: up to `batch` expired holds (optionally only those holding one of
 * `ticketTypeIds`), oldest first. The periodic sweep uses SKIP LOCKED, so every instance
 * sweeps at once without waiting on each other or on a confirm claiming one of them. The
 * lazy sweep of a hold about to fail (`wait`) waits for such locks instead: skipping a
 * hold another sweep is freeing right now would report "sold out" a moment too early.
 */
export function sweepExpiredStatement(
  batch: number,
  ticketTypeIds?: readonly string[],
  wait = false,
): SQL {
  const ofTypes = ticketTypeIds?.length
    ? sql`and exists (select 1 from hold_items hi where hi.hold_id = holds.id
            and hi.ticket_type_id in (${sql.join(
              ticketTypeIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )}))`
    : sql``;
  return endHoldsStatement(
    sql`select id from holds where status = 'active' and expires_at <= now() ${ofTypes}
        order by expires_at limit ${batch} for update ${wait ? sql`` : sql`skip locked`}`,
    "expired",
  );
}

/**
 * Every active hold of an event (event cancelled) or of a user (account deleted). Runs
 * inside those durable transactions, so it leaves their commit synchronous.
 */
export function releaseHoldsWhereStatement(where: { eventId: string } | { userId: string }): SQL {
  const condition =
    "eventId" in where ? sql`event_id = ${where.eventId}` : sql`user_id = ${where.userId}`;
  return endHoldsStatement(
    sql`select id from holds where ${condition} and status = 'active' for update`,
    "released",
    true,
  );
}
