import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { codeNotValid, usesRefusal, windowRefusal } from "./code-refusals.ts";
import { type CodeRule, findCode } from "./code-rule.ts";

/**
 * Whether hold `h` is one use of its code (decision 036): live (active and not run out),
 * or converted into a booking that is not cancelled or refunded. A hold that runs out or
 * is let go stops counting by itself: no counter to keep in step.
 */
const isUseSql: SQL = sql`((h.status = 'active' and h.expires_at > now())
    or (h.status = 'converted' and exists (select 1 from bookings b
      where b.hold_id = h.id and b.status not in ('cancelled', 'refunded'))))`;

export type CodeUses = { all: number; mine: number };

/**
 * A code's uses in all and `userId`'s (0 without one), in one statement over the index
 * `holds_code` (code_id, user_id).
 */
export async function countUses(
  db: Executor,
  codeId: string,
  userId: string | null,
): Promise<CodeUses> {
  const [row] = await rowsOf<{ total: number; mine: number }>(
    db,
    sql`select count(*)::int as total, count(*) filter (where h.user_id = ${userId}::uuid)::int as mine
      from holds h where h.code_id = ${codeId}::uuid and ${isUseSql}`,
  );
  return { all: Number(row?.total ?? 0), mine: Number(row?.mine ?? 0) };
}

/** Uses per code of an event (the organiser's view): code id → uses. */
export async function usesOfEvent(db: Executor, eventId: string): Promise<Map<string, number>> {
  const rows = await rowsOf<{ code_id: string; uses: number }>(
    db,
    sql`select h.code_id, count(*)::int as uses
      from holds h join event_codes c on c.id = h.code_id
      where c.event_id = ${eventId}::uuid and ${isUseSql}
      group by h.code_id`,
  );
  return new Map(rows.map((row) => [row.code_id, Number(row.uses)]));
}

/**
 * Takes one use of `code` for `userId`, inside the caller's transaction (the hold with a
 * code, holds/hold-with-code.ts): locks the code's row (`for update`), so buyers racing
 * for its last use are ordered by the lock, and each counts the uses committed before it;
 * checks the window at `now`; counts the uses (in all and the person's) and refuses when
 * over. The hold made in the same transaction is the use; the lock is held until it commits.
 */
export async function lockCodeForUse(
  tx: Executor,
  input: { eventId: string; code: string; now: Date; timeZone: string },
): Promise<CodeRule> {
  const code = await findCode(tx, input.eventId, input.code, { lock: true });
  if (!code) throw codeNotValid();
  const closed = windowRefusal(code, input.now, input.timeZone);
  if (closed) throw closed;
  return code;
}

/** Refuses one more use of a locked code by `userId` when its limits are reached. */
export async function checkUsesLeft(tx: Executor, code: CodeRule, userId: string): Promise<void> {
  if (code.maxUses === null && code.maxPerPerson === null) return;
  const refusal = usesRefusal(code, await countUses(tx, code.id, userId));
  if (refusal) throw refusal;
}
