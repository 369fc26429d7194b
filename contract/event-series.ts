import type { Availability } from "./event-card.ts";
import type { EventStatus } from "./event-options.ts";

// Built by server/modules/events (decision 035); shown by the event page (the dates of
// its series) and the organiser's event page (repeat it, its dates, edit one or all
// future dates).

/** At most this many dates in one series (two years of a weekly event). */
export const MAX_SERIES_DATES = 104;

/** Days of the week as `Date.getUTCDay()` numbers them: 0 is Sunday, 6 Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/**
 * `events.repeat {eventId, weekdays, untilLocal}`: the event becomes the first date of a
 * series (or, already in one, gains dates) and every chosen weekday after its start, up to
 * and including `untilLocal` (`YYYY-MM-DD` in the event's zone), gets a copy at the same
 * wall-clock time and length, with copies of its ticket types, in its status.
 */
export type RepeatInput = { eventId: string; weekdays: Weekday[]; untilLocal: string };

/** `events.addDate {eventId, startsLocal}`: one more date, a copy of that event, at `startsLocal`. */
export type AddDateInput = { eventId: string; startsLocal: string };

/** One date of a series, as its pages list it. */
export type SeriesDate = {
  eventId: string;
  shortId: string;
  /** The date's public page, `/{slug}-{shortId}`. */
  path: string;
  startsAt: string;
  endsAt: string;
  status: EventStatus;
  /** Tickets free to the public across its types (0 while sold out or waiting lists wait). */
  remaining: number;
  availability: Availability;
};

/** A series and its dates, oldest first (`events.repeat`, `events.addDate`, the owner's view). */
export type SeriesView = {
  seriesId: string;
  dates: SeriesDate[];
};

/**
 * What an edit of a date applies to (`events.update {…, scope}`): this date only, or
 * this one and every later date of its series that has not started. Times change on
 * this date only; the rest (title, description, venue, category, tax, cancellation
 * policy, reminders) on all of them. Past dates are never changed.
 */
export const editScopes = ["this", "future"] as const;
export type EditScope = (typeof editScopes)[number];
