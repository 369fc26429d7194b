import { type SQL, sql } from "drizzle-orm";
import { clockTime } from "#contract/door-verdict.ts";
import { normalizeReference } from "#server/modules/bookings/booking-reference.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

/** The most tickets one search lists. */
export const DOOR_SEARCH_LIMIT = 20;
/** Shorter text has no trigram for pg_trgm to look up: names are then matched by their start. */
const NAME_SUBSTRING_MIN = 3;
/** Fewer digits would match a large share of all phone numbers. */
const PHONE_DIGITS_MIN = 4;
/** How many of the event's first tickets in the desk's order a name search reads first. */
const DESK_ORDER_WALK = 500;
/** What a phone number is typed with besides its digits. */
const phoneShape = /^[\d\s+()-]+$/;

export type DoorSearchBranch =
  | "names-in-desk-order"
  | "attendee-name"
  | "holder-name"
  | "attendee-name-start"
  | "reference"
  | "holder-phone"
  | "contact-phone";

/**
 * A lookup of the event's tickets (`k`: id, status, attendee name). A `gated` one runs only
 * when the walk in the desk's order (`names-in-desk-order`) found fewer than 20.
 */
export type DoorSearchLookup = { branch: DoorSearchBranch; statement: SQL; gated?: boolean };

/** A LIKE pattern's wildcards and escape character, taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The listing's order: not yet admitted first, then by name (`tickets_event_desk_order`). */
const deskOrder = sql`(k.status <> 'valid'), k.attendee_name, k.id`;

/**
 * The event's first tickets in the desk's order that match. When a name is common, 20 of
 * its tickets come early and these few hundred rows answer; when it is rare, the trigram
 * lookups (gated on this one) read only its few tickets. Either way the work is bounded
 * by the matches, not the event's size, and no plan bets on where the matches lie.
 */
const walkInDeskOrder = (eventId: string, match: SQL) =>
  sql`select k.id, k.status, k.attendee_name from (
      select k.id, k.status, k.attendee_name, k.holder_user_id from tickets k
      where k.event_id = ${eventId}::uuid order by ${deskOrder} limit ${DESK_ORDER_WALK}
    ) k where ${match} order by ${deskOrder} limit ${DOOR_SEARCH_LIMIT}`;

/**
 * All the event's tickets an index finds (`offset 0` keeps the planner from reading the
 * event in the desk's order instead, a bet on where the matches lie), their first 20.
 */
const allMatches = (select: SQL) =>
  sql`select * from (${select} offset 0) k order by ${deskOrder} limit ${DOOR_SEARCH_LIMIT}`;

/** The tickets (`k`) whose holder's account (`h`) or booking (`b`) matches. */
const holderTickets = sql`select k.id, k.status, k.attendee_name from users h
  join tickets k on k.holder_user_id = h.id`;
const bookingTickets = sql`select k.id, k.status, k.attendee_name from bookings b
  join tickets k on k.booking_id = b.id`;
const ofEvent = (eventId: string) => sql`k.event_id = ${eventId}::uuid`;

/**
 * Names, first in the desk's order: any part of the attendee's or the holder's account
 * name from 3 characters (`*_trgm`), the start of the attendee name below that
 * (`tickets_event_attendee_prefix`: a trigram index cannot serve 1 or 2 characters).
 */
function nameLookups(eventId: string, text: string): DoorSearchLookup[] {
  if (text.length < NAME_SUBSTRING_MIN) {
    const start = sql`lower(k.attendee_name) like lower(${`${literal(text)}%`})`;
    return [
      { branch: "names-in-desk-order", statement: walkInDeskOrder(eventId, start) },
      {
        branch: "attendee-name-start",
        gated: true,
        statement: allMatches(
          sql`select k.id, k.status, k.attendee_name from tickets k
            where ${ofEvent(eventId)} and ${start}`,
        ),
      },
    ];
  }
  const anywhere = `%${literal(text)}%`;
  // A subquery per row, not a join: the walk reads a few hundred rows, and evaluated
  // after the attendee name (OR stops at the first match) it looks up fewer.
  const holderMatches = sql`(select h.name from users h where h.id = k.holder_user_id) ilike ${anywhere}`;
  return [
    {
      branch: "names-in-desk-order",
      statement: walkInDeskOrder(
        eventId,
        sql`(k.attendee_name ilike ${anywhere} or ${holderMatches})`,
      ),
    },
    {
      branch: "attendee-name",
      gated: true,
      statement: allMatches(
        sql`select k.id, k.status, k.attendee_name from tickets k
          where ${ofEvent(eventId)} and k.attendee_name ilike ${anywhere}`,
      ),
    },
    {
      branch: "holder-name",
      gated: true,
      // The holders as an array, not a join: a join of a common name's holders would be
      // planned as a hash over the whole event; each holder's tickets are an index probe.
      statement: allMatches(
        sql`select k.id, k.status, k.attendee_name from tickets k
          where k.holder_user_id = any(array(select h.id from users h where h.name ilike ${anywhere}))
          and ${ofEvent(eventId)}`,
      ),
    },
  ];
}

/** A booking reference (any case, with or without its hyphen) by `bookings_reference`. */
function referenceLookups(eventId: string, text: string): DoorSearchLookup[] {
  const reference = normalizeReference(text);
  if (!reference) return [];
  return [
    {
      branch: "reference",
      statement: sql`${bookingTickets} where b.reference = ${reference} and ${ofEvent(eventId)}`,
    },
  ];
}

/**
 * 4 digits or more (spaces, `+`, `-` and brackets allowed): the end of the holder's phone
 * (`users_phone_suffix`) and of the booking's contact phone
 * (`bookings_event_contact_phone_suffix`).
 */
function phoneLookups(eventId: string, text: string): DoorSearchLookup[] {
  const digits = phoneShape.test(text) ? text.replace(/\D/g, "") : "";
  if (digits.length < PHONE_DIGITS_MIN) return [];
  // The number's end is the start of the reversed number: a range in an ordered index.
  const reversedEnd = `${[...digits].reverse().join("")}%`;
  return [
    {
      branch: "holder-phone",
      statement: allMatches(
        sql`${holderTickets} where reverse(h.phone) like ${reversedEnd} and ${ofEvent(eventId)}`,
      ),
    },
    {
      branch: "contact-phone",
      statement: allMatches(
        sql`${bookingTickets} where b.event_id = ${eventId}::uuid
          and reverse(b.contact_phone) like ${reversedEnd} and ${ofEvent(eventId)}`,
      ),
    },
  ];
}

/**
 * The lookups what was typed calls for, by its shape, each served by an index and filtered
 * to the event: names always, a reference and a phone number's end when it has their
 * shape. Exported so that tests EXPLAIN the very statements the search runs.
 */
export function doorSearchBranches(eventId: string, query: string): DoorSearchLookup[] {
  const text = query.trim();
  if (text.length === 0) return [];
  return [
    ...nameLookups(eventId, text),
    ...referenceLookups(eventId, text),
    ...phoneLookups(eventId, text),
  ];
}

/**
 * The whole search in one statement: the walk in the desk's order as `walked`, the gated
 * lookups behind a one-time filter on its count (not executed at all when it found 20),
 * the rest as they are; together, with what the desk shows of each ticket.
 */
export function doorSearchStatement(eventId: string, query: string): SQL | null {
  const lookups = doorSearchBranches(eventId, query);
  const walk = lookups.find((l) => l.branch === "names-in-desk-order");
  if (!walk) return null;
  const found = sql.join(
    lookups.map((l) =>
      l === walk
        ? sql`(select * from walked)`
        : l.gated
          ? sql`(select * from (${l.statement}) g
              where (select count(*) from walked) < ${DOOR_SEARCH_LIMIT})`
          : sql`(${l.statement})`,
    ),
    sql` union `,
  );
  return sql`with walked as (${walk.statement})
    select k.id, k.status, k.attendee_name, t.name as type_name, b.reference,
      c.created_at as checked_in_at, c.staff_name, e.time_zone
    from (${found}) f join tickets k on k.id = f.id
      join ticket_types t on t.id = k.ticket_type_id
      join bookings b on b.id = k.booking_id join events e on e.id = k.event_id
      left join check_ins c on c.ticket_id = k.id and c.undone_at is null
    order by ${deskOrder} limit ${DOOR_SEARCH_LIMIT}`;
}

type SearchRow = {
  id: string;
  status: string;
  attendee_name: string;
  type_name: string;
  reference: string;
  checked_in_at: string | Date | null;
  staff_name: string | null;
  time_zone: string;
};

/**
 * `checkin.search`: this event's tickets by attendee or account name, phone number
 * (digits, at least 4) or booking reference; at most 20, not-yet-admitted first.
 */
export async function searchTickets(db: Executor, eventId: string, query: string) {
  const statement = doorSearchStatement(eventId, query);
  const rows = statement ? await rowsOf<SearchRow>(db, statement) : [];
  return {
    tickets: rows.map((r) => ({
      id: r.id,
      status: r.status,
      attendeeName: r.attendee_name,
      ticketTypeName: r.type_name,
      bookingReference: r.reference,
      checkedIn: r.checked_in_at
        ? { time: clockTime(r.checked_in_at, r.time_zone), staffName: r.staff_name ?? "" }
        : null,
    })),
  };
}
