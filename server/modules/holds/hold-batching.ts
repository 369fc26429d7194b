import type { Database } from "#server/platform/db/database.ts";
import { preparedRowsOf } from "#server/platform/db/db-rows.ts";
import { GroupRunner } from "./group-runner.ts";
import { type BatchTakenRow, takeBatchStatement } from "./hold-batch-statements.ts";
import {
  releaseHoldStatement,
  releaseHoldsStatement,
  type TakenRow,
  type TakeTicketsInput,
  takeTicketsStatement,
} from "./hold-statements.ts";

/** Most holds (or releases) one statement carries. */
export const BATCH_MAX = 64;

type Runners = {
  take: GroupRunner<TakeTicketsInput, TakenRow>;
  release: GroupRunner<{ holdId: string; userId: string }, boolean>;
};

/** One pair of runners per database handle (per process in production). */
const runnersOf = new WeakMap<Database, Runners>();

function settle<T>(promises: Promise<T>[]): Promise<PromiseSettledResult<T>[]> {
  return Promise.allSettled(promises);
}

/**
 * The hot statements run prepared (db-rows.ts): their text depends only on how many lines
 * or holds they carry, which is in each name.
 */
export async function takeAlone(db: Database, input: TakeTicketsInput): Promise<TakenRow> {
  const [row] = await preparedRowsOf<TakenRow>(
    db,
    `hold-take-${input.lines.length}`,
    takeTicketsStatement(input),
  );
  return row ?? { hold_id: null, expires_at: null, items: null, taken_types: 0 };
}

async function takeTogether(
  db: Database,
  inputs: TakeTicketsInput[],
): Promise<PromiseSettledResult<TakenRow>[]> {
  const first = inputs[0];
  const line = first?.lines[0];
  if (!first || !line || inputs.length === 1) return settle(inputs.map((i) => takeAlone(db, i)));
  let row: BatchTakenRow | undefined;
  try {
    [row] = await preparedRowsOf<BatchTakenRow>(
      db,
      `hold-take-batch-${inputs.length}`,
      takeBatchStatement({
        eventId: first.eventId,
        ticketTypeId: line.ticketTypeId,
        holdMinutes: first.holdMinutes,
        holds: inputs.map((input) => ({
          holdId: input.holdId,
          userId: input.userId,
          quantity: input.lines[0]?.quantity ?? 0,
          idempotencyKey: input.idempotencyKey,
        })),
      }),
    );
  } catch {
    // A unique violation (a second live hold, a twin key), a deadlock: the batch is undone
    // as a whole; each hold alone gets its own exact outcome.
    return settle(inputs.map((input) => takeAlone(db, input)));
  }
  const raw = typeof row?.held === "string" ? JSON.parse(row.held) : row?.held;
  const held = new Map(
    ((raw ?? []) as { holdId: string; expiresAt: string }[]).map((h) => [h.holdId, h.expiresAt]),
  );
  return inputs.map((input) => {
    const expiresAt = held.get(input.holdId);
    const quantity = input.lines[0]?.quantity ?? 0;
    const value: TakenRow = expiresAt
      ? {
          hold_id: input.holdId,
          expires_at: expiresAt,
          items: [
            {
              ticketTypeId: line.ticketTypeId,
              quantity,
              unitPriceMinor: Number(row?.price_minor),
              currency: row?.currency,
              nearFull: row?.near_full === true,
            },
          ],
          taken_types: 1,
        }
      : { hold_id: null, expires_at: null, items: null, taken_types: 0 };
    return { status: "fulfilled", value };
  });
}

export async function releaseAlone(db: Database, pair: { holdId: string; userId: string }) {
  const [row] = await preparedRowsOf<{ holds: number }>(
    db,
    "hold-release",
    releaseHoldStatement(pair.holdId, pair.userId, "released"),
  );
  return Number(row?.holds) > 0;
}

async function releaseTogether(
  db: Database,
  pairs: { holdId: string; userId: string }[],
): Promise<PromiseSettledResult<boolean>[]> {
  if (pairs.length === 1) return settle(pairs.map((pair) => releaseAlone(db, pair)));
  try {
    const [row] = await preparedRowsOf<{ ended_ids: unknown }>(
      db,
      `hold-release-batch-${pairs.length}`,
      releaseHoldsStatement(pairs, "released"),
    );
    const raw = typeof row?.ended_ids === "string" ? JSON.parse(row.ended_ids) : row?.ended_ids;
    const ended = new Set((raw ?? []) as string[]);
    return pairs.map((pair) => ({ status: "fulfilled", value: ended.has(pair.holdId) }));
  } catch {
    return settle(pairs.map((pair) => releaseAlone(db, pair)));
  }
}

function runners(db: Database): Runners {
  let found = runnersOf.get(db);
  if (!found) {
    found = {
      take: new GroupRunner((inputs) => takeTogether(db, inputs), BATCH_MAX),
      release: new GroupRunner((pairs) => releaseTogether(db, pairs), BATCH_MAX),
    };
    runnersOf.set(db, found);
  }
  return found;
}

/**
 * A hold of ONE ticket type, batched with the holds of the same type that arrive while
 * the previous batch is running (decision 015). Same answer as the single statement:
 * the row, with `hold_id` null when there were not enough tickets.
 */
export function takeGrouped(db: Database, input: TakeTicketsInput): Promise<TakenRow> {
  const line = input.lines[0];
  if (input.lines.length !== 1 || !line) return takeAlone(db, input);
  const key = `${input.eventId}/${line.ticketTypeId}/${input.holdMinutes}`;
  return runners(db).take.submit(key, input);
}

/** Releases one hold of this user, batched with the releases in flight; true when released. */
export function releaseGrouped(db: Database, holdId: string, userId: string): Promise<boolean> {
  return runners(db).release.submit("release", { holdId, userId });
}

/** How the holds of this database handle were batched so far (tests and benchmarks). */
export function groupStats(db: Database): { batches: number; largest: number } {
  return { ...runners(db).take.stats };
}
