import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { BookingView } from "#contract/booking-view.ts";
import type { HoldView } from "#contract/hold-view.ts";
import { claimHold } from "#server/modules/holds/claim-hold.ts";
import { expireHoldStatement } from "#server/modules/holds/hold-statements.ts";
import { loadHoldView } from "#server/modules/holds/hold-view.ts";
import { type AnswerRow, checkAnswers } from "#server/modules/questions/check-answers.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Database, Executor } from "#server/platform/db/database.ts";
import { DEADLOCK, sqlStateOf, UNIQUE_VIOLATION } from "#server/platform/db/db-errors.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { bookClaimedHold } from "./book-claimed-hold.ts";
import { findBookingView } from "./booking-view.ts";
import { idempotencyKeys } from "./bookings.schema.ts";
import type { BookingDeps, ConfirmRequest } from "./confirm-request.ts";

export const CONFIRM_SCOPE = "bookings.confirm";

class HoldNotClaimed extends Error {}

const expiredError = () =>
  new FunctionError(
    "FAILED_PRECONDITION",
    "Your hold expired and its tickets went back on sale. Please choose your tickets again.",
    { reason: "hold-expired" },
  );

async function bookingById(db: Database, bookingId: string, userId: string) {
  const view = await findBookingView(
    db,
    sql`b.id = ${bookingId}::uuid and b.user_id = ${userId}::uuid`,
    "owner",
  );
  if (!view) throw new Error("booking vanished");
  return view;
}

async function bookingOfKey(db: Database, userId: string, key: string) {
  const [stored] = await db
    .select({ bookingId: idempotencyKeys.bookingId })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.scope, CONFIRM_SCOPE),
        eq(idempotencyKeys.key, key),
      ),
    );
  return stored?.bookingId ? bookingById(db, stored.bookingId, userId) : null;
}

/**
 * Whether a ticket of the hold is of a card-paid type: the whole hold is then paid in a
 * card checkout (the payments module), which makes its booking once the money is taken.
 */
async function paidByCard(db: Database, holdId: string): Promise<boolean> {
  const [row] = await rowsOf<{ card: boolean }>(
    db,
    sql`select exists (select 1 from hold_items hi join ticket_types t on t.id = hi.ticket_type_id
          where hi.hold_id = ${holdId}::uuid and t.payment_method = 'card') as card`,
  );
  return row?.card === true;
}

/** Why a hold cannot be confirmed now; a converted hold answers with its booking instead. */
async function settleUnconfirmable(db: Database, hold: HoldView, userId: string) {
  if (hold.status === "converted") {
    const view = await findBookingView(
      db,
      sql`b.hold_id = ${hold.id}::uuid and b.user_id = ${userId}::uuid`,
      "owner",
    );
    if (view) return view;
  }
  if (hold.status === "active" || hold.status === "expired") {
    // Run out: its tickets go back now rather than at the next sweep.
    await db.execute(expireHoldStatement(hold.id));
    throw expiredError();
  }
  throw new FunctionError(
    "FAILED_PRECONDITION",
    "This hold was let go or replaced by a newer one. Please choose your tickets again.",
    { reason: "hold-ended" },
  );
}

/**
 * Turns the caller's live hold into a booking (bookings.confirm): the booking, its lines,
 * one ticket per attendee with a random secret, a notification and an email, in ONE
 * transaction. The hold is claimed first by a conditional UPDATE (active and not run
 * out), so a confirm racing the sweep either wins (booking, tickets stay taken) or loses
 * (no booking, the sweep gives the tickets back): never a booking on freed tickets.
 * The idempotency key is inserted before anything else: a twin request waits on its
 * primary key, then answers with the booking the first one made.
 */
export async function confirmHold(
  deps: BookingDeps,
  userId: string,
  request: ConfirmRequest,
): Promise<BookingView> {
  const repeated = await bookingOfKey(deps.db, userId, request.idempotencyKey);
  if (repeated) return repeated;
  const hold = await loadHoldView(deps.db, request.holdId, userId);
  if (!hold.live) return settleUnconfirmable(deps.db, hold, userId);
  if (hold.totalMinor > 0 && (await paidByCard(deps.db, hold.id))) {
    throw new FunctionError("FAILED_PRECONDITION", "These tickets are paid by card: choose Pay.", {
      reason: "payment-required",
    });
  }
  if (request.attendees.length !== hold.ticketCount) {
    const message = `Enter one name per ticket (${hold.ticketCount}).`;
    throw new FunctionError("INVALID_ARGUMENT", message, [{ path: "attendees", message }]);
  }
  // Before anything is claimed: a refused answer leaves the hold as it was.
  const answers = await checkAnswers(deps.db, hold, request.attendees, request.answers);
  const bookingId = randomUUID();
  const create = () =>
    deps.db.transaction((tx) =>
      createBooking(tx, deps, userId, request, { bookingId, eventId: hold.eventId, answers }),
    );
  try {
    // A deadlock (with a multi-type hold or a sweep) undid everything: once more is safe.
    await create().catch((error: unknown) => {
      if (sqlStateOf(error) === DEADLOCK) return create();
      throw error;
    });
  } catch (error) {
    if (error instanceof HoldNotClaimed) {
      return settleUnconfirmable(deps.db, await loadHoldView(deps.db, hold.id, userId), userId);
    }
    if (sqlStateOf(error) === UNIQUE_VIOLATION) {
      const twin = await bookingOfKey(deps.db, userId, request.idempotencyKey);
      if (twin) return twin;
    }
    throw error;
  }
  return bookingById(deps.db, bookingId, userId);
}

/** The confirm transaction: claim the hold, record the booking and tickets, tell the user. */
async function createBooking(
  tx: Executor,
  deps: BookingDeps,
  userId: string,
  request: ConfirmRequest,
  ids: { bookingId: string; eventId: string; answers: readonly AnswerRow[] },
): Promise<void> {
  await tx.insert(idempotencyKeys).values({
    userId,
    scope: CONFIRM_SCOPE,
    key: request.idempotencyKey,
    holdId: request.holdId,
    bookingId: ids.bookingId,
  });
  if (!(await claimHold(tx, userId, request.holdId, ids.eventId))) throw new HoldNotClaimed();
  const pauseMs = deps.settings.NODE_ENV === "test" ? deps.settings.TEST_CONFIRM_PAUSE_MS : 0;
  if (pauseMs > 0) await tx.execute(sql`select pg_sleep(${pauseMs / 1000})`);
  // Read inside the transaction: the claimed hold is ours alone now.
  const hold = await loadHoldView(tx, request.holdId, userId);
  await bookClaimedHold(tx, deps, {
    bookingId: ids.bookingId,
    userId,
    hold,
    attendees: request.attendees,
    answers: ids.answers,
    contactEmail: request.contactEmail,
    provider: request.paymentProvider ?? "venue",
  });
}
