import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, not, sql } from "drizzle-orm";
import {
  type AddDateInput,
  MAX_SERIES_DATES,
  type RepeatInput,
  type SeriesDate,
  type SeriesView,
} from "#contract/event-series.ts";
import { FunctionError, fieldError } from "#server/platform/callable/function-error.ts";
import type { Database, Executor } from "#server/platform/db/database.ts";
import { availabilityOf } from "./event-discovery.service.ts";
import { eventPath, newShortId } from "./event-ids.ts";
import { assertNotCancelled, type Event, requireOwnedEvent } from "./event-ownership.ts";
import { eventSeries, events, ticketTypes } from "./events.schema.ts";
import { assertCanPublish, seriesHoldsSlot } from "./publish-limit.ts";
import { isLocalDay, weeklyStarts } from "./series-dates.ts";
import { copyQuestions } from "./series-questions.ts";
import { listWaitingSql, publicRemaining } from "./waiting-list-gate.ts";
import { fromLocalInput, toLocalInput } from "./zoned-time.ts";

/** At most this many dates on an event's public page. */
export const pageSeriesDates = 60;

/**
 * The dates of a series with what the public may still have of each (`publicRemaining`
 * summed over its types that are not hidden: a type with people waiting counts 0), oldest
 * first. `publicOnly`: published dates that have not ended, at most `pageSeriesDates`
 * (the event page).
 */
export async function seriesDates(
  db: Executor,
  seriesId: string,
  options: { publicOnly: boolean; now?: Date } = { publicOnly: false },
): Promise<SeriesDate[]> {
  const now = options.now ?? new Date();
  const chosen = db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.seriesId, seriesId),
        ...(options.publicOnly ? [eq(events.status, "published"), gt(events.endsAt, now)] : []),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(options.publicOnly ? pageSeriesDates : MAX_SERIES_DATES * 2);
  const rows = await db
    .select({
      event: {
        id: events.id,
        shortId: events.shortId,
        title: events.title,
        startsAt: events.startsAt,
        endsAt: events.endsAt,
        status: events.status,
      },
      type: { capacity: ticketTypes.capacity, taken: ticketTypes.taken },
      listWaiting: sql<boolean>`${listWaitingSql(sql`${ticketTypes.id}`)}`,
    })
    .from(events)
    // Hidden types are sold only with their code (decision 036): no part of what the
    // public may have.
    .leftJoin(ticketTypes, and(eq(ticketTypes.eventId, events.id), not(ticketTypes.hidden)))
    .where(inArray(events.id, chosen))
    .orderBy(asc(events.startsAt), asc(events.id));
  const dates = new Map<string, SeriesDate & { capacity: number }>();
  for (const { event, type, listWaiting } of rows) {
    let date = dates.get(event.id);
    if (!date) {
      date = {
        eventId: event.id,
        shortId: event.shortId,
        path: eventPath(event),
        startsAt: event.startsAt.toISOString(),
        endsAt: event.endsAt.toISOString(),
        status: event.status,
        remaining: 0,
        availability: "available",
        capacity: 0,
      };
      dates.set(event.id, date);
    }
    if (type) {
      date.remaining += publicRemaining({ ...type, listWaiting });
      date.capacity += type.capacity;
    }
  }
  return [...dates.values()].map(({ capacity, ...date }) => ({
    ...date,
    availability: availabilityOf(date.remaining, capacity),
  }));
}

export async function seriesView(db: Executor, seriesId: string): Promise<SeriesView> {
  return { seriesId, dates: await seriesDates(db, seriesId) };
}

/** Refuses a source that cannot be copied: cancelled (final) or already over. */
function assertCopyable(event: Event): void {
  assertNotCancelled(event);
  if (event.endsAt.getTime() <= Date.now()) {
    throw new FunctionError("FAILED_PRECONDITION", "This event has ended.", { reason: "ended" });
  }
}

/** The event's series, made now (with `rule`) when it has none; the event becomes its first date. */
async function ensureSeries(
  tx: Executor,
  event: Event,
  rule: { weekdays: number[]; untilLocal: string } | null,
): Promise<string> {
  if (event.seriesId) return event.seriesId;
  const [series] = await tx
    .insert(eventSeries)
    .values({ businessId: event.businessId, rule })
    .returning({ id: eventSeries.id });
  if (!series) throw new Error("series insert returned nothing");
  await tx
    .update(events)
    .set({ seriesId: series.id, updatedAt: new Date() })
    .where(eq(events.id, event.id));
  return series.id;
}

/**
 * The starts the series has, its row locked first: two repeats (or added dates) from
 * different dates of one series take turns, so neither adds a start the other just did.
 */
async function seriesStarts(tx: Executor, seriesId: string): Promise<Set<number>> {
  await tx
    .select({ id: eventSeries.id })
    .from(eventSeries)
    .where(eq(eventSeries.id, seriesId))
    .for("update");
  const rows = await tx
    .select({ startsAt: events.startsAt })
    .from(events)
    .where(eq(events.seriesId, seriesId));
  return new Set(rows.map((row) => row.startsAt.getTime()));
}

const tooManyDates = (path: string) =>
  fieldError(path, `At most ${MAX_SERIES_DATES} dates: choose an earlier last day.`);

/**
 * Copies `source` to each of `starts` in `seriesId`: every field but the id, short id,
 * times and waiting room, in the source's status, with copies of its ticket types (sales
 * windows shifted with the start, nothing taken) and of its checkout questions (their
 * types mapped to the copies). One insert for the dates, one for their types and one for
 * their questions, whatever their number; a short id that clashes is drawn again.
 */
async function copyDates(
  tx: Executor,
  source: Event,
  seriesId: string,
  starts: readonly Date[],
): Promise<void> {
  if (starts.length === 0) return;
  const length = source.endsAt.getTime() - source.startsAt.getTime();
  const now = new Date();
  const copyOf = (startsAt: Date) => ({
    shortId: newShortId(),
    businessId: source.businessId,
    seriesId,
    title: source.title,
    description: source.description,
    venueName: source.venueName,
    venueAddress: source.venueAddress,
    timeZone: source.timeZone,
    startsAt,
    endsAt: new Date(startsAt.getTime() + length),
    category: source.category,
    coverImageId: source.coverImageId,
    status: source.status,
    publishedAt: source.status === "published" ? now : null,
    attendeeCancellation: source.attendeeCancellation,
    cancellationDeadlineHours: source.cancellationDeadlineHours,
    cancellationFeePercent: source.cancellationFeePercent,
    taxRateBp: source.taxRateBp,
    taxInclusive: source.taxInclusive,
    offlineSearchLimit: source.offlineSearchLimit,
    waitingListOfferHours: source.waitingListOfferHours,
    reminders: source.reminders,
  });
  const made: { id: string; startsAt: Date }[] = [];
  let missing = [...starts];
  // 31^8 short ids make a clash unlikely; the dates that hit one draw again.
  for (let attempt = 0; attempt < 5 && missing.length > 0; attempt++) {
    const rows = await tx
      .insert(events)
      .values(missing.map(copyOf))
      .onConflictDoNothing({ target: events.shortId })
      .returning({ id: events.id, startsAt: events.startsAt });
    made.push(...rows);
    const madeStarts = new Set(rows.map((row) => row.startsAt.getTime()));
    missing = missing.filter((start) => !madeStarts.has(start.getTime()));
  }
  if (missing.length > 0) {
    throw new FunctionError("ABORTED", "Could not create the dates. Please try again.");
  }
  const types = await tx
    .select()
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, source.id))
    .orderBy(asc(ticketTypes.position), asc(ticketTypes.createdAt));
  // The copies' ids drawn here, so each date's questions name its own copy of a type.
  const copied = made.map((date) => ({
    date,
    typeIds: Object.fromEntries(types.map((type) => [type.id, randomUUID()])),
  }));
  if (types.length > 0) await insertTypeCopies(tx, source, types, copied);
  await copyQuestions(
    tx,
    source.id,
    copied.map(({ date, typeIds }) => ({ eventId: date.id, typeIds })),
  );
}

/** The ticket types of every copied date, one insert, under the ids drawn for them. */
async function insertTypeCopies(
  tx: Executor,
  source: Event,
  types: (typeof ticketTypes.$inferSelect)[],
  copied: { date: { id: string; startsAt: Date }; typeIds: Record<string, string> }[],
): Promise<void> {
  const shifted = (at: Date | null, offset: number) =>
    at ? new Date(at.getTime() + offset) : null;
  await tx.insert(ticketTypes).values(
    copied.flatMap(({ date, typeIds }) => {
      const offset = date.startsAt.getTime() - source.startsAt.getTime();
      return types.map((type) => ({
        id: typeIds[type.id],
        eventId: date.id,
        name: type.name,
        description: type.description,
        priceMinor: type.priceMinor,
        currency: type.currency,
        capacity: type.capacity,
        perOrderLimit: type.perOrderLimit,
        hidden: type.hidden,
        paymentMethod: type.paymentMethod,
        salesStartAt: shifted(type.salesStartAt, offset),
        salesEndAt: shifted(type.salesEndAt, offset),
        position: type.position,
        waitingList: type.waitingList,
      }));
    }),
  );
}

/**
 * A published source makes published dates. A series that holds a plan slot already
 * (a published date not yet ended) needs none for them (decision 035); otherwise they
 * take one, like publishing.
 */
async function assertSlotForCopies(tx: Executor, source: Event, seriesId: string): Promise<void> {
  if (source.status !== "published") return;
  if (await seriesHoldsSlot(tx, seriesId)) return;
  await assertCanPublish(tx, source.businessId);
}

/** `events.repeat`: the event's weekly dates up to a last day, in one transaction. */
export async function repeatEvent(
  db: Database,
  userId: string,
  input: RepeatInput,
): Promise<SeriesView> {
  return db.transaction(async (tx) => {
    const { event } = await requireOwnedEvent(tx, userId, input.eventId, { lock: true });
    assertCopyable(event);
    if (input.weekdays.length === 0) throw fieldError("weekdays", "Choose at least one day.");
    const firstDay = toLocalInput(event.startsAt, event.timeZone).slice(0, 10);
    if (!isLocalDay(input.untilLocal) || input.untilLocal <= firstDay) {
      throw fieldError("untilLocal", "Choose a last day after the event's date.");
    }
    const starts = weeklyStarts(event, input.weekdays, input.untilLocal);
    const existing = event.seriesId ? await seriesStarts(tx, event.seriesId) : new Set<number>();
    const fresh = starts.filter((start) => !existing.has(start.getTime()));
    const total = Math.max(existing.size, 1) + fresh.length;
    if (total > MAX_SERIES_DATES) throw tooManyDates("untilLocal");
    const seriesId = await ensureSeries(tx, event, {
      weekdays: [...input.weekdays].sort(),
      untilLocal: input.untilLocal,
    });
    if (fresh.length > 0) {
      await assertSlotForCopies(tx, event, seriesId);
      await copyDates(tx, event, seriesId, fresh);
    }
    return seriesView(tx, seriesId);
  });
}

/** `events.addDate`: one more date of the event's series (made now if it has none). */
export async function addSeriesDate(
  db: Database,
  userId: string,
  input: AddDateInput,
): Promise<SeriesView> {
  return db.transaction(async (tx) => {
    const { event } = await requireOwnedEvent(tx, userId, input.eventId, { lock: true });
    assertNotCancelled(event);
    const startsAt = fromLocalInput(input.startsLocal, event.timeZone);
    if (!startsAt) throw fieldError("startsLocal", "Enter a valid date and time.");
    if (startsAt.getTime() <= Date.now()) {
      throw fieldError("startsLocal", "The start is in the past.");
    }
    const existing = event.seriesId
      ? await seriesStarts(tx, event.seriesId)
      : new Set([event.startsAt.getTime()]);
    if (existing.has(startsAt.getTime())) {
      throw fieldError("startsLocal", "The series already has a date at this time.");
    }
    if (existing.size + 1 > MAX_SERIES_DATES) {
      throw fieldError("startsLocal", `A series has at most ${MAX_SERIES_DATES} dates.`);
    }
    const seriesId = await ensureSeries(tx, event, null);
    await assertSlotForCopies(tx, event, seriesId);
    await copyDates(tx, event, seriesId, [startsAt]);
    return seriesView(tx, seriesId);
  });
}

/**
 * The later dates of `event`'s series that an edit with scope "future" also changes:
 * starting after it, not started yet, not cancelled. Locked for the edit.
 */
export async function laterSeriesDates(tx: Executor, event: Event): Promise<Event[]> {
  if (!event.seriesId) return [];
  return tx
    .select()
    .from(events)
    .where(
      and(
        eq(events.seriesId, event.seriesId),
        gt(events.startsAt, event.startsAt),
        gt(events.startsAt, sql`now()`),
        sql`${events.status} <> 'cancelled'`,
      ),
    )
    .orderBy(asc(events.startsAt))
    .for("update");
}
