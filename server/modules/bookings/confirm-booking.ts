import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Settings } from "../../config.ts";
import { FunctionError } from "../../platform/callable/function-error.ts";
import type { Database, Executor } from "../../platform/db.ts";
import type { MessageService } from "../../platform/messages/message-service.ts";
import { users } from "../accounts/accounts.schema.ts";
import { events } from "../events/events.schema.ts";
import { expireHoldStatement } from "../inventory/hold-statements.ts";
import { type HoldView, loadHoldView } from "../inventory/hold-view.ts";
import { DEADLOCK, sqlStateOf, UNIQUE_VIOLATION } from "../inventory/rows.ts";
import { formatEventTime } from "../inventory/sale-rules.ts";
import { notifyUser, sendEmail } from "../notifications/notifications.service.ts";
import { newBookingReference } from "./booking-reference.ts";
import { type BookingView, findBookingView } from "./booking-view.ts";
import { bookingItems, bookings, idempotencyKeys, tickets } from "./bookings.schema.ts";
import { FREE_PROVIDER, type PaymentProviderName, paymentProviders } from "./payment-provider.ts";

export type BookingDeps = {
  db: Database;
  messages: MessageService;
  settings: Pick<Settings, "PUBLIC_URL" | "NODE_ENV" | "TEST_CONFIRM_PAUSE_MS">;
};

export type ConfirmRequest = {
  holdId: string;
  /** One per ticket, in the hold's order (its items by ticket type position). */
  attendees: { name: string }[];
  contactEmail?: string;
  paymentProvider?: PaymentProviderName;
  idempotencyKey: string;
};

export const CONFIRM_SCOPE = "bookings.confirm";

class HoldNotClaimed extends Error {}

export function bookingLink(reference: string): string {
  return `/booking_refrence?reference=${encodeURIComponent(reference)}`;
}

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
  if (request.attendees.length !== hold.ticketCount) {
    const message = `Enter one name per ticket (${hold.ticketCount}).`;
    throw new FunctionError("INVALID_ARGUMENT", message, [{ path: "attendees", message }]);
  }
  const bookingId = randomUUID();
  const create = () =>
    deps.db.transaction((tx) =>
      createBooking(tx, deps, userId, request, { bookingId, eventId: hold.eventId }),
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
  ids: { bookingId: string; eventId: string },
): Promise<void> {
  await tx.insert(idempotencyKeys).values({
    userId,
    scope: CONFIRM_SCOPE,
    key: request.idempotencyKey,
    holdId: request.holdId,
    bookingId: ids.bookingId,
  });
  await claimHold(tx, userId, request.holdId, ids.eventId);
  const pauseMs = deps.settings.NODE_ENV === "test" ? deps.settings.TEST_CONFIRM_PAUSE_MS : 0;
  if (pauseMs > 0) await tx.execute(sql`select pg_sleep(${pauseMs / 1000})`);
  // Read inside the transaction: the claimed hold is ours alone now.
  const hold = await loadHoldView(tx, request.holdId, userId);
  const [context] = await tx
    .select({
      phone: users.phone,
      email: users.email,
      title: events.title,
      startsAt: events.startsAt,
      timeZone: events.timeZone,
      venueName: events.venueName,
    })
    .from(users)
    .innerJoin(events, eq(events.id, hold.eventId))
    .where(eq(users.id, userId));
  if (!context) throw new Error("booking context vanished");
  const reference = await insertBooking(tx, {
    id: ids.bookingId,
    userId,
    hold,
    contactPhone: context.phone,
    contactEmail: request.contactEmail ?? context.email,
    provider: request.paymentProvider ?? "venue",
  });
  await insertLinesAndTickets(tx, ids.bookingId, userId, hold, request.attendees);
  await tellBooked(tx, deps, { userId, reference, hold, event: context, request });
}

/**
 * Makes the hold ours: the event row FOR SHARE first, against the organiser cancelling
 * right now (events.cancel locks it for update, then releases its holds): either this
 * booking commits first and the cancellation finds and cancels it, or the cancellation
 * commits first and this confirm sees it. Taken before the hold's row, in the order the
 * cancellation takes them, so the two cannot deadlock. Then the conditional claim.
 */
async function claimHold(tx: Executor, userId: string, holdId: string, eventId: string) {
  const [event] = await tx
    .select({ status: events.status })
    .from(events)
    .where(eq(events.id, eventId))
    .for("share");
  if (event?.status !== "published") {
    throw new FunctionError("FAILED_PRECONDITION", "This event was cancelled.", {
      reason: "event-cancelled",
    });
  }
  const claimed = await tx.execute(sql`
    update holds set status = 'converted', ended_at = now()
    where id = ${holdId} and user_id = ${userId}
      and status = 'active' and expires_at > now()
    returning id`);
  if ((claimed as unknown as { rows: unknown[] }).rows.length === 0) throw new HoldNotClaimed();
}

/** The notification (and email by the user's settings), and an email to `contactEmail`. */
async function tellBooked(
  tx: Executor,
  deps: BookingDeps,
  booked: {
    userId: string;
    reference: string;
    hold: HoldView;
    event: {
      title: string;
      startsAt: Date;
      timeZone: string;
      venueName: string;
      email: string | null;
    };
    request: ConfirmRequest;
  },
): Promise<void> {
  const { hold, event, reference, request } = booked;
  const when = formatEventTime(event.startsAt, event.timeZone);
  const count = `${hold.ticketCount} ticket${hold.ticketCount === 1 ? "" : "s"}`;
  const notice = {
    userId: booked.userId,
    kind: "booking-confirmed" as const,
    title: `Booking ${reference} confirmed`,
    body: `${count} for ${event.title}, ${when} at ${event.venueName}. Your reference: ${reference}.`,
    link: bookingLink(reference),
  };
  const options = { messages: deps.messages, publicUrl: deps.settings.PUBLIC_URL };
  await notifyUser(tx, notice, options);
  const contact = request.contactEmail;
  if (contact && contact.toLowerCase() !== event.email?.toLowerCase()) {
    const lookup = new URL("/booking_refrence", deps.settings.PUBLIC_URL).href;
    await sendEmail(tx, options, {
      to: contact,
      subject: notice.title,
      text: `${notice.body}\n\nLook it up at ${lookup} with this reference and this email address.`,
    });
  }
}

async function insertBooking(
  tx: Executor,
  input: {
    id: string;
    userId: string;
    hold: HoldView;
    contactPhone: string | null;
    contactEmail: string | null;
    provider: PaymentProviderName;
  },
): Promise<string> {
  const free = input.hold.totalMinor === 0;
  const currency = input.hold.currency ?? "EUR";
  // A collision among 8.5e11 references is rare; a fresh one is tried on conflict.
  for (let tries = 0; tries < 5; tries++) {
    const reference = newBookingReference();
    const payment = free
      ? { paymentStatus: "not-required" as const }
      : await paymentProviders[input.provider].start(tx, {
          bookingId: input.id,
          reference,
          userId: input.userId,
          totalMinor: input.hold.totalMinor,
          currency,
        });
    const inserted = await tx
      .insert(bookings)
      .values({
        id: input.id,
        reference,
        userId: input.userId,
        eventId: input.hold.eventId,
        holdId: input.hold.id,
        paymentStatus: payment.paymentStatus,
        paymentProvider: free ? FREE_PROVIDER : input.provider,
        totalMinor: input.hold.totalMinor,
        currency,
        contactPhone: input.contactPhone,
        contactEmail: input.contactEmail,
      })
      .onConflictDoNothing({ target: bookings.reference })
      .returning({ id: bookings.id });
    if (inserted.length > 0) return reference;
  }
  throw new Error("no free booking reference after 5 tries");
}

async function insertLinesAndTickets(
  tx: Executor,
  bookingId: string,
  userId: string,
  hold: HoldView,
  attendees: { name: string }[],
): Promise<void> {
  await tx.insert(bookingItems).values(
    hold.items.map((item) => ({
      bookingId,
      ticketTypeId: item.ticketTypeId,
      name: item.name,
      quantity: item.quantity,
      unitPriceMinor: item.unitPriceMinor,
      currency: item.currency,
    })),
  );
  const units = hold.items.flatMap((item) =>
    Array.from({ length: item.quantity }, () => item.ticketTypeId),
  );
  const now = Date.now();
  await tx.insert(tickets).values(
    units.map((ticketTypeId, index) => ({
      bookingId,
      eventId: hold.eventId,
      ticketTypeId,
      holderUserId: userId,
      attendeeName: attendees[index]?.name ?? "",
      // 256 random bits: the tickets module signs QR tokens with it.
      secret: randomBytes(32).toString("base64url"),
      // Distinct times keep the attendees' order when listed.
      createdAt: new Date(now + index),
    })),
  );
}
