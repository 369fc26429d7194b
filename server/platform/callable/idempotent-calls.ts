import { sql } from "drizzle-orm";
import { IDEMPOTENCY_HOURS } from "#contract/api-keys.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import type { CallAnswer } from "./call-answer.ts";

// The statements on `idempotent_calls` (platform.schema.ts). Each is one statement on its
// own (no transaction): the row is the lock. A run holds its row by its lease, whose
// `lease_until` (as PostgreSQL's text, exact to the microsecond) names that run: storing
// the answer and giving the row up both require it, so a run that was taken over (its
// lease ran out) changes nothing of the run that took over.

/**
 * How long a run holds its key before a repeat may take it over (its request died).
 * Far longer than the writes a key may call take; a run still going after it may be run
 * a second time by a repeat.
 */
export const IDEMPOTENCY_LEASE_SECONDS = 60;

/** One write's key: who sent it, the key, and what it asks (function and body hash). */
export type IdempotentCall = {
  caller: string;
  key: string;
  functionName: string;
  requestHash: string;
};

/** The row found for a key, with the database's clock's verdicts on its age and lease. */
export type SeenCall = {
  functionName: string;
  requestHash: string;
  state: "running" | "done";
  lease: string;
  leaseOver: boolean;
  forgotten: boolean;
  answer: CallAnswer | null;
};

const newLease = sql`now() + make_interval(secs => ${IDEMPOTENCY_LEASE_SECONDS}::int)`;
const forgottenBefore = sql`now() - make_interval(hours => ${IDEMPOTENCY_HOURS}::int)`;
const thisCall = (call: IdempotentCall) => sql`caller = ${call.caller} and key = ${call.key}`;

/** Phase 1: a new `running` row, returning its lease; null when the key has a row. */
export async function startCall(db: Executor, call: IdempotentCall): Promise<string | null> {
  const [row] = await rowsOf<{ lease: string }>(
    db,
    sql`insert into idempotent_calls (caller, key, function_name, request_hash, state, lease_until)
        values (${call.caller}, ${call.key}, ${call.functionName}, ${call.requestHash},
                'running', ${newLease})
        on conflict do nothing
        returning lease_until::text as lease`,
  );
  return row?.lease ?? null;
}

export async function seeCall(db: Executor, call: IdempotentCall): Promise<SeenCall | null> {
  const [row] = await rowsOf<{
    function_name: string;
    request_hash: string;
    state: "running" | "done";
    lease: string;
    lease_over: boolean;
    forgotten: boolean;
    http_code: number | null;
    response: string | null;
  }>(
    db,
    sql`select function_name, request_hash, state, lease_until::text as lease,
               lease_until < now() as lease_over, created_at < ${forgottenBefore} as forgotten,
               http_code, response
        from idempotent_calls where ${thisCall(call)}`,
  );
  if (!row) return null;
  return {
    functionName: row.function_name,
    requestHash: row.request_hash,
    state: row.state,
    lease: row.lease,
    leaseOver: row.lease_over,
    forgotten: row.forgotten,
    answer:
      row.http_code !== null && row.response !== null
        ? { httpCode: row.http_code, json: row.response }
        : null,
  };
}

/**
 * Makes a forgotten row (older than IDEMPOTENCY_HOURS), or a running one whose lease
 * `seen` ran out, this call's new run, returning its lease; null when another request
 * took it first. One conditional statement: of two repeats racing for it, one matches.
 * The run counts its day from now.
 */
export async function takeOverCall(
  db: Executor,
  call: IdempotentCall,
  seen: string,
): Promise<string | null> {
  const [row] = await rowsOf<{ lease: string }>(
    db,
    sql`update idempotent_calls
        set function_name = ${call.functionName}, request_hash = ${call.requestHash},
            state = 'running', lease_until = ${newLease}, http_code = null, response = null,
            created_at = now()
        where ${thisCall(call)}
          and (created_at < ${forgottenBefore}
               or (state = 'running' and lease_until = ${seen}::timestamptz
                   and lease_until < now()))
        returning lease_until::text as lease`,
  );
  return row?.lease ?? null;
}

/** Phase 2: the run's answer, kept for repeats. Nothing when the run lost its lease. */
export async function finishCall(
  db: Executor,
  call: IdempotentCall,
  lease: string,
  answer: CallAnswer,
): Promise<void> {
  await db.execute(
    sql`update idempotent_calls
        set state = 'done', http_code = ${answer.httpCode}, response = ${answer.json}
        where ${thisCall(call)} and state = 'running' and lease_until = ${lease}::timestamptz`,
  );
}

/** Phase 2 of a run whose answer is not kept: the key is free, a repeat runs again. */
export async function dropCall(db: Executor, call: IdempotentCall, lease: string): Promise<void> {
  await db.execute(
    sql`delete from idempotent_calls
        where ${thisCall(call)} and state = 'running' and lease_until = ${lease}::timestamptz`,
  );
}

/** Deletes up to `batch` rows older than IDEMPOTENCY_HOURS; returns how many. */
export async function purgeOldCalls(db: Executor, batch: number): Promise<number> {
  const [row] = await rowsOf<{ purged: number }>(
    db,
    sql`with old as (
          select caller, key from idempotent_calls where created_at < ${forgottenBefore}
          limit ${batch} for update skip locked
        ), gone as (
          delete from idempotent_calls c using old
          where c.caller = old.caller and c.key = old.key
          returning 1
        )
        select count(*)::int as purged from gone`,
  );
  return Number(row?.purged ?? 0);
}
