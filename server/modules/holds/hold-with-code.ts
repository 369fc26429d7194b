import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { codeAppliesTo, normalizeCode, ticketDiscountMinor } from "#contract/event-codes.ts";
import type { HoldView } from "#contract/hold-view.ts";
import { codeNotValid } from "#server/modules/codes/code-refusals.ts";
import { type CodeRule, findCode } from "#server/modules/codes/code-rule.ts";
import { checkUsesLeft, lockCodeForUse } from "#server/modules/codes/code-uses.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { DEADLOCK, sqlStateOf, UNIQUE_VIOLATION } from "#server/platform/db/db-errors.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type EventForSale, loadEventForSale } from "./event-for-sale.ts";
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
import { loadHoldView } from "./hold-view.ts";
import { checkSaleRules, shortageError } from "./sale-rules.ts";

/** The hidden types of the event that `code` names: the ones its hold may take. */
function unlockedBy(code: CodeRule, event: EventForSale): string[] {
  return event.ticketTypes
    .filter((type) => type.hidden && codeAppliesTo(code, type))
    .map((type) => type.id);
}

type Outcome =
  | { kind: "held"; view: HoldView; nearFull: string[] }
  | { kind: "short" }
  | { kind: "retry" };

/**
 * What each taken ticket loses to the code, written on the hold's items: the price after
 * it (`unit_price_minor`) and what it took (`discount_minor`). Types the code does not
 * apply to keep their price. One statement for all the items.
 */
async function writeDiscounts(
  tx: Executor,
  holdId: string,
  code: CodeRule,
  event: EventForSale,
  row: TakenRow,
): Promise<void> {
  const discounted = takenItems(row).flatMap((item) => {
    const type = event.ticketTypes.find((t) => t.id === item.ticketTypeId);
    if (!type || !codeAppliesTo(code, type)) return [];
    const discount = ticketDiscountMinor(Number(item.unitPriceMinor), code.discount);
    return discount > 0 ? [sql`(${item.ticketTypeId}::uuid, ${discount}::int)`] : [];
  });
  if (discounted.length === 0) return;
  await tx.execute(sql`
    update hold_items hi
    set discount_minor = d.discount, unit_price_minor = hi.unit_price_minor - d.discount
    from (values ${sql.join(discounted, sql`, `)}) as d (ticket_type_id, discount)
    where hi.hold_id = ${holdId}::uuid and hi.ticket_type_id = d.ticket_type_id`);
}

/**
 * One try, in ONE transaction (decision 036). Lock order: the code's row first, then the
 * caller's hold and the ticket types (released, then taken). Every hold with this code
 * takes the code's lock before any ticket type's, so a buyer replacing a hold of the same
 * types never holds a type's row while waiting for the code (which would deadlock with
 * the code's holder taking that type).
 */
async function attemptWithCode(
  deps: InventoryDeps,
  userId: string,
  event: EventForSale,
  request: HoldRequest & { code: string },
): Promise<Outcome> {
  const now = deps.now?.() ?? new Date();
  try {
    return await deps.db.transaction(async (tx) => {
      const code = await lockCodeForUse(tx, {
        eventId: event.id,
        code: request.code,
        now,
        timeZone: event.timeZone,
      });
      // A retry of a request that went through (or its twin, which waited on the lock):
      // that hold, before anything is released or counted.
      const [keyed] = await rowsOf<{ hold_id: string | null }>(
        tx,
        sql`select hold_id from idempotency_keys where user_id = ${userId}::uuid
          and scope = ${HOLD_SCOPE} and key = ${request.idempotencyKey}`,
      );
      if (keyed?.hold_id) {
        const view = await loadHoldView(tx, keyed.hold_id, userId);
        return { kind: "held", view, nearFull: [] } as const;
      }
      // The caller's hold of the event goes first (its tickets count for the new hold, and
      // it is no longer a use of the code: replacing is not a second order).
      const [active] = await rowsOf<{ id: string }>(
        tx,
        sql`select id from holds where user_id = ${userId}::uuid and event_id = ${event.id}::uuid
          and status = 'active'`,
      );
      if (active) await tx.execute(releaseHoldStatement(active.id, userId, "replaced"));
      await checkUsesLeft(tx, code, userId);
      const holdId = randomUUID();
      const [taken] = await rowsOf<TakenRow>(
        tx,
        takeTicketsStatement({
          holdId,
          userId,
          eventId: event.id,
          lines: request.lines,
          holdMinutes: deps.holdMinutes,
          idempotencyKey: request.idempotencyKey,
          code: { id: code.id, unlocked: unlockedBy(code, event) },
        }),
      );
      // Undoes the release too: a refused hold leaves the old one as it was.
      if (!taken?.hold_id) throw new ShortOfTickets();
      await writeDiscounts(tx, holdId, code, event, taken);
      const nearFull = takenItems(taken).filter((item) => item.nearFull);
      const view = await loadHoldView(tx, holdId, userId);
      return { kind: "held", view, nearFull: nearFull.map((item) => item.ticketTypeId) } as const;
    });
  } catch (error) {
    if (error instanceof ShortOfTickets) return { kind: "short" };
    const state = sqlStateOf(error);
    if (state === PARTIAL_HOLD) return { kind: "short" };
    // Another hold of this user made meanwhile (another tab), or a deadlock: try again.
    if (state === UNIQUE_VIOLATION || state === DEADLOCK) return { kind: "retry" };
    throw error;
  }
}

/**
 * A hold made with a promo or access code (holds.create with `code`, decision 036): the
 * slower path, one transaction with the code's row locked, its uses counted and the
 * tickets taken by the same statement as every hold, which may take the hidden types the
 * code names. The items carry the discounted price. Refusals: the code's (not valid, not
 * yet, expired, used up, per person), the sale rules', then what is left.
 */
export async function holdWithCode(
  deps: InventoryDeps,
  userId: string,
  request: HoldRequest & { code: string },
): Promise<HoldView> {
  const entered = normalizeCode(request.code);
  let event = await loadEventForSale(deps.db, request.eventRef);
  const code = await findCode(deps.db, event.id, entered);
  if (!code) throw codeNotValid();
  checkSaleRules(event, request.lines, new Date(), unlockedBy(code, event));
  await deps.admitted?.(event, userId);
  const withCode = { ...request, code: entered };
  let swept = false;
  for (let tries = 0; tries < 6; tries++) {
    const outcome = await attemptWithCode(deps, userId, event, withCode);
    if (outcome.kind === "held") {
      if (outcome.nearFull.length > 0) await deps.nearFull?.(outcome.nearFull);
      return outcome.view;
    }
    if (outcome.kind === "short") {
      if (!swept) {
        // Free the asked types' expired holds once, as the public path does.
        swept = true;
        const ticketTypeIds = request.lines.map((line) => line.ticketTypeId);
        await expireHolds(deps.db, { ticketTypeIds, wait: true });
        event = await loadEventForSale(deps.db, request.eventRef);
        continue;
      }
      event = await loadEventForSale(deps.db, request.eventRef);
      const own = await ownHeld(deps.db, event.id, userId);
      const refusal = shortageError(event.ticketTypes, request.lines, own);
      if (refusal) throw refusal;
    }
  }
  throw new FunctionError("ABORTED", "Many people are booking right now. Please try again.", {
    reason: "busy",
  });
}

/** What the caller's active hold of the event holds per type (given back when replaced). */
async function ownHeld(db: Executor, eventId: string, userId: string) {
  const rows = await rowsOf<{ ticket_type_id: string; quantity: number }>(
    db,
    sql`select hi.ticket_type_id, hi.quantity from hold_items hi join holds h on h.id = hi.hold_id
      where h.user_id = ${userId}::uuid and h.event_id = ${eventId}::uuid and h.status = 'active'`,
  );
  return new Map(rows.map((row) => [row.ticket_type_id, Number(row.quantity)]));
}
