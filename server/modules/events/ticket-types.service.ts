import { and, asc, eq, ne, sql } from "drizzle-orm";
import { FunctionError, fieldError } from "#server/platform/callable/function-error.ts";
import type { Database, Executor } from "#server/platform/db/database.ts";
import type {
  CreateTicketTypeInput,
  TicketTypeFields,
  UpdateTicketTypeInput,
} from "./event-input.ts";
import {
  assertNotCancelled,
  type Event,
  requireOwnedEvent,
  requireOwnedTicketType,
} from "./event-ownership.ts";
import {
  assertCanSellByCard,
  type EventPaymentSteps,
  paymentMethodOf,
} from "./event-payment-rules.ts";
import { ticketTypes } from "./events.schema.ts";
import { ownerTicketTypeView } from "./owner-event-view.ts";
import { fromLocalInput } from "./zoned-time.ts";

/** Enough for tiers, early birds and groups; a page of hundreds would help nobody buy. */
export const maxTicketTypesPerEvent = 50;

/** The sales window in the event's zone: real times, end after start, not after the event. */
function salesWindow(fields: TicketTypeFields, event: Event) {
  const issues: { path: string; message: string }[] = [];
  const read = (local: string | undefined, path: string) => {
    if (!local) return null;
    const at = fromLocalInput(local, event.timeZone);
    if (!at) issues.push({ path, message: "Enter a valid date and time." });
    return at;
  };
  const salesStartAt = read(fields.salesStartLocal, "salesStartLocal");
  const salesEndAt = read(fields.salesEndLocal, "salesEndLocal");
  if (salesStartAt && salesEndAt && salesEndAt <= salesStartAt) {
    issues.push({ path: "salesEndLocal", message: "Sales must end after they start." });
  } else if (salesEndAt && salesEndAt > event.endsAt) {
    issues.push({ path: "salesEndLocal", message: "Sales cannot end after the event ends." });
  }
  if (issues.length > 0) {
    throw new FunctionError(
      "INVALID_ARGUMENT",
      issues[0]?.message ?? "Invalid sales window.",
      issues,
    );
  }
  return { salesStartAt, salesEndAt };
}

/** Every ticket type of an event is priced in one currency (one basket, one payment). */
async function requireSameCurrency(
  tx: Executor,
  event: Event,
  currency: string,
  exceptId?: string,
): Promise<void> {
  const [other] = await tx
    .select({ currency: ticketTypes.currency })
    .from(ticketTypes)
    .where(
      and(eq(ticketTypes.eventId, event.id), exceptId ? ne(ticketTypes.id, exceptId) : undefined),
    )
    .limit(1);
  if (other && other.currency !== currency) {
    throw fieldError(
      "currency",
      `This event's tickets are priced in ${other.currency}: use ${other.currency} for every ticket type.`,
    );
  }
}

/** Card payments as this server has them: why they are off (null: on), and the steps. */
export type TicketPayments = { cardsOff: string | null; steps?: EventPaymentSteps };

function columnsOf(fields: TicketTypeFields, event: Event, payments: TicketPayments) {
  return {
    name: fields.name,
    description: fields.description,
    priceMinor: fields.priceMinor,
    currency: fields.currency,
    capacity: fields.capacity,
    perOrderLimit: fields.perOrderLimit,
    hidden: fields.hidden,
    paymentMethod: paymentMethodOf(fields, payments.cardsOff),
    ...salesWindow(fields, event),
  };
}

/** A new ticket type at the end of the event's list. */
export async function createTicketType(
  db: Database,
  userId: string,
  input: CreateTicketTypeInput,
  payments: TicketPayments = { cardsOff: null },
) {
  return db.transaction(async (tx) => {
    // The event row lock serialises ticket-type changes of one event (currency, count).
    const { event } = await requireOwnedEvent(tx, userId, input.eventId, { lock: true });
    assertNotCancelled(event);
    const columns = columnsOf(input, event, payments);
    await requireSameCurrency(tx, event, input.currency);
    const [stats] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        nextPosition: sql<number>`coalesce(max(${ticketTypes.position}) + 1, 0)::int`,
      })
      .from(ticketTypes)
      .where(eq(ticketTypes.eventId, event.id));
    if ((stats?.count ?? 0) >= maxTicketTypesPerEvent) {
      throw new FunctionError(
        "FAILED_PRECONDITION",
        `An event can have at most ${maxTicketTypesPerEvent} ticket types.`,
      );
    }
    const [row] = await tx
      .insert(ticketTypes)
      .values({ ...columns, eventId: event.id, position: stats?.nextPosition ?? 0 })
      .returning();
    if (!row) throw new Error("ticket type not inserted");
    await assertCardSaleAllowed(tx, event, row.paymentMethod, payments);
    return ownerTicketTypeView(row, event.timeZone);
  });
}

/**
 * A published event sells at once: a card-paid type joins it only when the business can
 * take charges (a draft is checked when published). Runs after the write, in its
 * transaction, so a refusal leaves nothing behind.
 */
async function assertCardSaleAllowed(
  tx: Executor,
  event: Event,
  method: string,
  payments: TicketPayments,
): Promise<void> {
  if (method !== "card" || event.status !== "published") return;
  await assertCanSellByCard(tx, event, payments.steps, "sell-by-card");
}

function belowTakenMessage(taken: number): string {
  return taken === 1
    ? "1 ticket is already taken: capacity cannot go below 1."
    : `${taken} tickets are already taken: capacity cannot go below ${taken}.`;
}

/**
 * Changes a ticket type. Capacity may rise at any time and fall only down to what is
 * taken: the check and the write are ONE conditional UPDATE, so a hold committed between
 * a read and the write cannot be overtaken (PostgreSQL re-checks the WHERE on the locked
 * row); `CHECK (taken <= capacity)` stays the backstop.
 */
export async function updateTicketType(
  db: Database,
  userId: string,
  input: UpdateTicketTypeInput,
  payments: TicketPayments = { cardsOff: null },
) {
  return db.transaction(async (tx) => {
    const found = await requireOwnedTicketType(tx, userId, input.ticketTypeId);
    const { event } = await requireOwnedEvent(tx, userId, found.event.id, { lock: true });
    assertNotCancelled(event);
    const columns = columnsOf(input, event, payments);
    await requireSameCurrency(tx, event, input.currency, found.ticketType.id);
    const [row] = await tx
      .update(ticketTypes)
      .set({ ...columns, updatedAt: new Date() })
      .where(
        and(
          eq(ticketTypes.id, found.ticketType.id),
          sql`${ticketTypes.taken} <= ${input.capacity}`,
        ),
      )
      .returning();
    if (row) {
      await assertCardSaleAllowed(tx, event, row.paymentMethod, payments);
      return ownerTicketTypeView(row, event.timeZone);
    }
    const [current] = await tx
      .select({ taken: ticketTypes.taken })
      .from(ticketTypes)
      .where(eq(ticketTypes.id, found.ticketType.id));
    throw fieldError("capacity", belowTakenMessage(current?.taken ?? input.capacity + 1));
  });
}

/** Removes a ticket type nobody has taken; a published event keeps at least one. */
export async function deleteTicketType(db: Database, userId: string, ticketTypeId: string) {
  return db.transaction(async (tx) => {
    const found = await requireOwnedTicketType(tx, userId, ticketTypeId);
    const { event } = await requireOwnedEvent(tx, userId, found.event.id, { lock: true });
    assertNotCancelled(event);
    if (event.status === "published") {
      const others = await tx
        .select({ id: ticketTypes.id })
        .from(ticketTypes)
        .where(and(eq(ticketTypes.eventId, event.id), ne(ticketTypes.id, ticketTypeId)))
        .orderBy(asc(ticketTypes.position))
        .limit(1);
      if (others.length === 0) {
        throw new FunctionError(
          "FAILED_PRECONDITION",
          "A published event needs at least one ticket type. Unpublish it first.",
          { reason: "last-ticket-type" },
        );
      }
    }
    // Conditional: a hold taken since the read above keeps the type alive.
    const deleted = await tx
      .delete(ticketTypes)
      .where(and(eq(ticketTypes.id, ticketTypeId), eq(ticketTypes.taken, 0)))
      .returning({ id: ticketTypes.id });
    if (deleted.length === 0) {
      throw new FunctionError(
        "FAILED_PRECONDITION",
        "Tickets of this type are taken, so it cannot be deleted. Lower its capacity to stop selling it.",
        { reason: "tickets-taken" },
      );
    }
    return { deleted: true };
  });
}
