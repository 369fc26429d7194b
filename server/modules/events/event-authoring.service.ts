import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { requireOwnedBusiness } from "#server/modules/businesses/business-access.ts";
import { FunctionError, fieldError } from "#server/platform/callable/function-error.ts";
import type { Database, Executor } from "#server/platform/db/database.ts";
import type {
  EventCancellationDeps,
  EventCancellationStep,
  EventChangeStep,
} from "./event-cancellation.ts";
import { changeLines, tellHoldersOfChange } from "./event-change-notices.ts";
import { eventPath, newShortId } from "./event-ids.ts";
import type { CreateEventInput, UpdateEventInput } from "./event-input.ts";
import { assertNotCancelled, type Event, requireOwnedEvent } from "./event-ownership.ts";
import { assertCanSellByCard, type EventPaymentSteps } from "./event-payment-rules.ts";
import { laterSeriesDates, seriesView } from "./event-series.service.ts";
import { waitingRoomSettings } from "./event-waiting-room.ts";
import { editChanges, emitEventsUpdated } from "./event-webhooks.ts";
import { events, ticketTypes } from "./events.schema.ts";
import { ownerEventView } from "./owner-event-view.ts";
import { assertCanPublish, seriesHoldsSlot } from "./publish-limit.ts";

/** The columns an editor form sets, from its parsed input. */
function editableColumns(input: CreateEventInput) {
  return {
    title: input.title,
    description: input.description,
    venueName: input.venueName,
    venueAddress: input.venueAddress,
    timeZone: input.timeZone,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    category: input.category,
    ...(input.reminders === undefined ? {} : { reminders: input.reminders }),
    ...(input.taxRateBp === undefined ? {} : { taxRateBp: input.taxRateBp }),
    ...(input.taxInclusive === undefined ? {} : { taxInclusive: input.taxInclusive }),
    ...cancellationPolicyColumns(input),
    ...(input.offlineSearchLimit === undefined
      ? {}
      : { offlineSearchLimit: input.offlineSearchLimit }),
  };
}

/** The columns an edit with scope "future" applies to later dates: all but the times. */
function sharedOf(changes: ReturnType<typeof editableColumns>) {
  const { startsAt: _starts, endsAt: _ends, timeZone: _zone, ...shared } = changes;
  return shared;
}

/** The policy's columns the form sent (a form without them leaves the policy as it is). */
function cancellationPolicyColumns(input: CreateEventInput) {
  return {
    ...(input.attendeeCancellation === undefined
      ? {}
      : { attendeeCancellation: input.attendeeCancellation }),
    ...(input.cancellationDeadlineHours === undefined
      ? {}
      : { cancellationDeadlineHours: input.cancellationDeadlineHours }),
    ...(input.cancellationFeePercent === undefined
      ? {}
      : { cancellationFeePercent: input.cancellationFeePercent }),
  };
}

/** The caller's business's events, every status, newest start first, with ticket totals. */
/** Events per page of the console's list. */
export const myEventsPageSize = 25;

/**
 * A page of the caller's business's events (every status), newest start first, with
 * their ticket totals. A page past the end is empty, with the real page count.
 */
export async function listMyEvents(db: Database, userId: string, page = 1) {
  const business = await requireOwnedBusiness(db, userId);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(events)
    .where(eq(events.businessId, business.id));
  const total = counted?.total ?? 0;
  const rows = await db
    .select({
      id: events.id,
      shortId: events.shortId,
      title: events.title,
      status: events.status,
      timeZone: events.timeZone,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      venueName: events.venueName,
      ticketTypeCount: sql<number>`count(${ticketTypes.id})::int`,
      capacity: sql<number>`coalesce(sum(${ticketTypes.capacity}), 0)::int`,
      taken: sql<number>`coalesce(sum(${ticketTypes.taken}), 0)::int`,
    })
    .from(events)
    .leftJoin(ticketTypes, eq(ticketTypes.eventId, events.id))
    .where(eq(events.businessId, business.id))
    .groupBy(events.id)
    .orderBy(desc(events.startsAt), desc(events.id))
    .limit(myEventsPageSize)
    .offset((page - 1) * myEventsPageSize);
  return {
    events: rows.map((row) => ({
      ...row,
      path: eventPath(row),
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
    })),
    page,
    pageCount: Math.max(1, Math.ceil(total / myEventsPageSize)),
    total,
  };
}

/** One of the caller's events with its ticket types, as the editor shows it. */
export async function getEventForOwner(db: Database, userId: string, eventId: string) {
  return db.transaction(async (tx) => {
    const { event } = await requireOwnedEvent(tx, userId, eventId);
    const types = await tx
      .select()
      .from(ticketTypes)
      .where(eq(ticketTypes.eventId, event.id))
      .orderBy(asc(ticketTypes.position), asc(ticketTypes.createdAt));
    const waitingRoom = await waitingRoomSettings(tx, event.id, event.timeZone);
    const series = event.seriesId ? await seriesView(tx, event.seriesId) : null;
    return { ...ownerEventView(event, types), waitingRoom, series };
  });
}

function refusePastStart(startsAt: Date, message: string): void {
  if (startsAt.getTime() <= Date.now()) throw fieldError("startsLocal", message);
}

/** A new draft event of the caller's business. */
export async function createEvent(db: Database, userId: string, input: CreateEventInput) {
  refusePastStart(input.startsAt, "The start is in the past.");
  return db.transaction(async (tx) => {
    const business = await requireOwnedBusiness(tx, userId);
    // 31^8 short ids make a clash unlikely; one that happens just draws another id.
    for (let attempt = 0; attempt < 5; attempt++) {
      const [row] = await tx
        .insert(events)
        .values({ ...editableColumns(input), shortId: newShortId(), businessId: business.id })
        .onConflictDoNothing({ target: events.shortId })
        .returning({ eventId: events.id, shortId: events.shortId });
      if (row) return row;
    }
    throw new FunctionError("ABORTED", "Could not create the event. Please try again.");
  });
}

/**
 * The editor's changes. A cancelled event is final; a start moved into the past is
 * refused (an event that already started keeps its start if it is not changed); the end
 * cannot move before a ticket type's sales end. Scope "future" (a date of a series) also
 * applies all but the times to the series' later dates that have not started
 * (`laterSeriesDates`); their holders are told of a venue change as for a single edit.
 * Each date the edit changed queues `event.updated` (none when it was saved as it was).
 */
export async function updateEvent(
  db: Database,
  userId: string,
  input: UpdateEventInput,
  /** False: the change is saved without telling the holders (tests, tidy-ups). */
  tellHolders = true,
  steps: readonly EventChangeStep[] = [],
) {
  return db.transaction(async (tx) => {
    const { event } = await requireOwnedEvent(tx, userId, input.eventId, { lock: true });
    assertNotCancelled(event);
    if (input.startsAt.getTime() !== event.startsAt.getTime()) {
      refusePastStart(input.startsAt, "The start cannot be moved into the past.");
    }
    const [lateSales] = await tx
      .select({ name: ticketTypes.name })
      .from(ticketTypes)
      .where(and(eq(ticketTypes.eventId, event.id), gt(ticketTypes.salesEndAt, input.endsAt)))
      .limit(1);
    if (lateSales) {
      throw fieldError(
        "endsLocal",
        `Sales of "${lateSales.name}" end after this time: change its sales window first.`,
      );
    }
    const changes = editableColumns(input);
    await tx
      .update(events)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(events.id, event.id));
    const later = input.scope === "future" ? await laterSeriesDates(tx, event) : [];
    if (later.length > 0) {
      // Times (and the zone they are read in) belong to each date; the rest is shared.
      await tx
        .update(events)
        .set({ ...sharedOf(changes), updatedAt: new Date() })
        .where(
          inArray(
            events.id,
            later.map((date) => date.id),
          ),
        );
    }
    const updated: Event[] = [];
    for (const before of [event, ...later]) {
      const changed =
        before === event ? { ...event, ...changes } : { ...before, ...sharedOf(changes) };
      if (editChanges(before, changed)) updated.push(changed);
      if (tellHolders) await tellHoldersOfChange(tx, before, before, changed);
      const lines = changeLines(before, changed);
      if (lines) for (const step of steps) await step(tx, changed, lines);
    }
    await emitEventsUpdated(tx, updated);
    return { eventId: event.id };
  });
}

async function requirePublishable(tx: Executor, event: Event): Promise<void> {
  if (event.startsAt.getTime() <= Date.now()) {
    throw new FunctionError("FAILED_PRECONDITION", "This event has already started.", {
      reason: "started",
    });
  }
  const [types] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, event.id));
  if (!types?.count) {
    throw new FunctionError("FAILED_PRECONDITION", "Add at least one ticket type first.", {
      reason: "no-ticket-types",
    });
  }
}

/**
 * Draft to published: visible on discovery and bookable. Counts against the plan; with a
 * card-paid ticket type, the business's account must be able to take charges.
 */
export async function publishEvent(
  db: Database,
  userId: string,
  eventId: string,
  payments?: EventPaymentSteps,
) {
  return db.transaction(async (tx) => {
    const { business, event } = await requireOwnedEvent(tx, userId, eventId);
    assertNotCancelled(event);
    if (event.status === "published") return { status: event.status };
    if (business.status !== "active") {
      throw new FunctionError("PERMISSION_DENIED", "Your business is not active.");
    }
    await requirePublishable(tx, event);
    await assertCanSellByCard(tx, event, payments);
    // A date of a series that holds a slot already needs none (decision 035). Otherwise
    // this locks the business row first: concurrent publishes of one business count in turn.
    if (!(event.seriesId && (await seriesHoldsSlot(tx, event.seriesId)))) {
      await assertCanPublish(tx, business.id);
    }
    const [row] = await tx
      .update(events)
      .set({ status: "published", publishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(events.id, event.id), eq(events.status, "draft")))
      .returning({ status: events.status });
    if (!row) throw new FunctionError("ABORTED", "The event changed meanwhile. Please reload.");
    await emitEventsUpdated(tx, [{ id: event.id, status: row.status }]);
    return { status: row.status };
  });
}

/** Published back to draft, while nobody holds a ticket. */
export async function unpublishEvent(db: Database, userId: string, eventId: string) {
  return db.transaction(async (tx) => {
    const { event } = await requireOwnedEvent(tx, userId, eventId, { lock: true });
    assertNotCancelled(event);
    if (event.status === "draft") return { status: event.status };
    // Locking the ticket types waits for holds in flight (they update these rows), so
    // the count below sees every ticket taken before the event leaves discovery.
    const types = await tx
      .select({ taken: ticketTypes.taken })
      .from(ticketTypes)
      .where(eq(ticketTypes.eventId, event.id))
      .for("update");
    if (types.some((t) => t.taken > 0)) {
      throw new FunctionError(
        "FAILED_PRECONDITION",
        "Tickets have been sold; cancel the event instead.",
        { reason: "tickets-taken" },
      );
    }
    await tx
      .update(events)
      .set({ status: "draft", publishedAt: null, updatedAt: new Date() })
      .where(eq(events.id, event.id));
    await emitEventsUpdated(tx, [{ id: event.id, status: "draft" }]);
    return { status: "draft" as const };
  });
}

/**
 * Cancels for good, and runs every other module's cancellation step (in the order
 * server/steps lists them) in the same transaction.
 */
export async function cancelEvent(
  db: Database,
  userId: string,
  input: { eventId: string; reason?: string },
  deps: EventCancellationDeps & { steps: readonly EventCancellationStep[] },
) {
  return db.transaction(async (tx) => {
    const { event } = await requireOwnedEvent(tx, userId, input.eventId, { lock: true });
    if (event.status === "cancelled") {
      throw new FunctionError("FAILED_PRECONDITION", "This event is already cancelled.", {
        reason: "cancelled",
      });
    }
    const [cancelled] = await tx
      .update(events)
      .set({ status: "cancelled", cancelledAt: new Date(), updatedAt: new Date() })
      .where(eq(events.id, event.id))
      .returning();
    if (!cancelled) throw new Error("cancelled event vanished");
    await emitEventsUpdated(tx, [cancelled]);
    for (const step of deps.steps) {
      await step(tx, cancelled, input.reason || null, deps);
    }
    return { status: cancelled.status };
  });
}
