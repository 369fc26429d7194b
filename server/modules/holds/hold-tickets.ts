import { randomUUID } from "node:crypto";
import type { HoldItemView, HoldView } from "#contract/hold-view.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Database } from "#server/platform/db/database.ts";
import { DEADLOCK, sqlStateOf, UNIQUE_VIOLATION } from "#server/platform/db/db-errors.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import {
  type EventForSale,
  loadCallerState,
  loadEventForSale,
  recentEventForSale,
} from "./event-for-sale.ts";
import { releaseGrouped, takeAlone, takeGrouped } from "./hold-batching.ts";
import type { HoldRequest, InventoryDeps } from "./hold-request.ts";
import {
  HOLD_SCOPE,
  PARTIAL_HOLD,
  releaseHoldStatement,
  ShortOfTickets,
  type TakenRow,
  takenItems,
  takeTicketsStatement,
} from "./hold-statements.ts";
import { expireHolds } from "./hold-sweep.ts";
import { holdView, loadHoldView } from "./hold-view.ts";
import { holdWithCode } from "./hold-with-code.ts";
import { checkSaleRules, shortageError } from "./sale-rules.ts";

type Attempt =
  | { kind: "held"; row: TakenRow }
  | { kind: "short" }
  | { kind: "conflict" }
  | { kind: "deadlock" };

/**
 * One try: the single statement, or, replacing the caller's hold `replaced`, release and
 * take in one transaction.
 */
async function attempt(
  deps: InventoryDeps,
  userId: string,
  event: EventForSale,
  request: HoldRequest,
  replaced: string | null,
): Promise<Attempt> {
  const input = {
    holdId: randomUUID(),
    userId,
    eventId: event.id,
    lines: request.lines,
    holdMinutes: deps.holdMinutes,
    idempotencyKey: request.idempotencyKey,
  };
  const statement = takeTicketsStatement(input);
  try {
    if (!replaced) {
      const row =
        deps.batching === false
          ? await takeAlone(deps.db, input)
          : await takeGrouped(deps.db, input);
      return row?.hold_id ? { kind: "held", row } : { kind: "short" };
    }
    // Replacing: the old hold's tickets go back first, in the same transaction, so they
    // count for the new hold, and a refused new hold leaves the old one as it was.
    const row = await deps.db.transaction(async (tx) => {
      await tx.execute(releaseHoldStatement(replaced, userId, "replaced"));
      const [taken] = await rowsOf<TakenRow>(tx, statement);
      if (!taken?.hold_id) throw new ShortOfTickets();
      return taken;
    });
    return { kind: "held", row };
  } catch (error) {
    if (error instanceof ShortOfTickets) return { kind: "short" };
    const state = sqlStateOf(error);
    if (state === PARTIAL_HOLD) return { kind: "short" };
    if (state === UNIQUE_VIOLATION) return { kind: "conflict" };
    if (state === DEADLOCK) return { kind: "deadlock" };
    throw error;
  }
}

function heldView(event: EventForSale, row: TakenRow): HoldView {
  const raw = takenItems(row);
  const items: HoldItemView[] = event.ticketTypes.flatMap((type) => {
    const item = raw.find((i) => i.ticketTypeId === type.id);
    if (!item) return [];
    const { nearFull: _, ...taken } = item;
    return [{ ...taken, discountMinor: 0, name: type.name }];
  });
  return holdView(
    {
      id: row.hold_id as string,
      eventId: event.id,
      status: "active",
      live: true,
      expiresAt: new Date(row.expires_at as string),
      code: null,
    },
    items,
  );
}

/**
 * Holds tickets of one event for `holdMinutes` (holds.create); with a code, by
 * `holdWithCode` (one transaction under the code's lock), else the batched path below. Refusals come with a
 * message a person can act on; a retry with the same idempotency key (even one in flight
 * at the same time) answers with the hold the first request made. Before answering "sold
 * out", frees the asked types' expired holds once and tries again, so a late sweep never
 * shows a false sold out.
 */
export async function holdTickets(
  deps: InventoryDeps,
  userId: string,
  request: HoldRequest,
): Promise<HoldView> {
  if (request.code !== undefined)
    return holdWithCode(deps, userId, { ...request, code: request.code });
  let event = await recentEventForSale(deps.db, request.eventRef);
  try {
    checkSaleRules(event, request.lines, new Date());
  } catch {
    // Refusals are decided on a fresh read, never on the cached one.
    event = await loadEventForSale(deps.db, request.eventRef);
    checkSaleRules(event, request.lines, new Date());
  }
  await deps.admitted?.(event, userId);
  // The common case in one round trip: no hold of this user to replace, tickets left.
  let replaced: string | null = null;
  let swept = false;
  for (let tries = 0; tries < 6; tries++) {
    const outcome = await attempt(deps, userId, event, request, replaced);
    if (outcome.kind === "held") {
      const nearFull = takenItems(outcome.row).filter((item) => item.nearFull);
      if (nearFull.length > 0) await deps.nearFull?.(nearFull.map((item) => item.ticketTypeId));
      return heldView(event, outcome.row);
    }
    if (outcome.kind === "short" && !swept) {
      // Free the asked types' expired holds first (waiting for a sweep already freeing
      // them), so that the read below counts them as free: no false "sold out".
      swept = true;
      const ticketTypeIds = request.lines.map((line) => line.ticketTypeId);
      await expireHolds(deps.db, { ticketTypeIds, wait: true });
    }
    // A fresh read for what follows (the rules may have changed under the cached read),
    // with the caller's active hold and what this idempotency key made, in one trip.
    const state = await loadCallerState(deps.db, event.id, {
      userId,
      scope: HOLD_SCOPE,
      key: request.idempotencyKey,
    });
    // Made before with this key (a retry, or a twin in flight that won): that answer.
    // A success needs no such look: its key insert would have failed.
    if (state.keyedHoldId) return loadHoldView(deps.db, state.keyedHoldId, userId);
    event = state.event;
    checkSaleRules(event, request.lines, new Date());
    // A conflict is this user's live hold for the event (another tab, an earlier hold):
    // the next try replaces it.
    replaced = state.activeHoldId;
    if (outcome.kind === "short") {
      // Short on a read made after the sweep: that is the answer. Enough left means the
      // sweep or another buyer freed some meanwhile: try again.
      const refusal = await shortageOf(deps, event, request, userId, replaced);
      if (refusal) throw refusal;
    }
  }
  throw (
    (await shortageOf(deps, event, request, userId, replaced)) ??
    new FunctionError("ABORTED", "Many people are booking right now. Please try again.", {
      reason: "busy",
    })
  );
}

/** The refusal a fresh read justifies (sold out, only N left), or null when enough are left. */
async function shortageOf(
  deps: InventoryDeps,
  event: EventForSale,
  request: HoldRequest,
  userId: string,
  replaced: string | null,
): Promise<FunctionError | null> {
  const ownHeld = new Map<string, number>();
  if (replaced) {
    const own = await loadHoldView(deps.db, replaced, userId);
    for (const item of own.items) ownHeld.set(item.ticketTypeId, item.quantity);
  }
  return shortageError(event.ticketTypes, request.lines, ownHeld);
}

/** Lets a hold go (holds.release): its tickets are on sale again at once. */
export async function releaseHold(
  db: Database,
  userId: string,
  holdId: string,
  batching = true,
): Promise<{ released: boolean; status: HoldView["status"] }> {
  const released = batching
    ? await releaseGrouped(db, holdId, userId)
    : Number(
        (await rowsOf<{ holds: number }>(db, releaseHoldStatement(holdId, userId, "released")))[0]
          ?.holds,
      ) > 0;
  if (released) return { released: true, status: "released" };
  // Not released: not theirs (NOT_FOUND), or already ended (say how).
  const view = await loadHoldView(db, holdId, userId);
  return { released: false, status: view.status };
}
