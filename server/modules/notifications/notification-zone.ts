import { type SQL, sql } from "drizzle-orm";
import { bookingPath, eventTicketsPath, holdPath, ticketPath } from "#contract/paths.ts";
import { uuidPatternText } from "#contract/uuid.ts";
import { notifications } from "./notifications.schema.ts";

const eventTicketsPrefix = eventTicketsPath("");
const ticketPrefix = ticketPath("");
const bookingPrefix = bookingPath("");
const holdPrefix = holdPath("");

/** What follows `prefix` in the link. */
const after = (prefix: string) => sql`substr(${notifications.link}, ${prefix.length + 1})`;

/** The id after `prefix`, as a uuid; null when it is not one (never a cast error). */
const idAfter = (prefix: string) =>
  sql`case when ${after(prefix)} ~* ${uuidPatternText} then ${after(prefix)}::uuid end`;

const startsWith = (prefix: string) => sql`starts_with(${notifications.link}, ${prefix})`;

/**
 * The time zone of the event a notification is about, or null: times on the notification
 * page read in the event's zone like on every other page. A notification keeps no event
 * of its own; its link names it, in one of the forms the modules write (an event's
 * tickets `eventTicketsPath`, one ticket `ticketPath`, a booking `bookingPath`, a hold
 * (a waiting list offer) `holdPath`, all in
 * contract/paths.ts), and the event is read by name like the check-in table in
 * tickets/ticket-views.ts.
 */
export const notificationZone: SQL<string | null> = sql<string | null>`case
  when ${startsWith(eventTicketsPrefix)} then
    (select e.time_zone from events e where e.id = ${idAfter(eventTicketsPrefix)})
  when ${startsWith(ticketPrefix)} then
    (select e.time_zone from tickets k join events e on e.id = k.event_id
      where k.id = ${idAfter(ticketPrefix)})
  when ${startsWith(bookingPrefix)} then
    (select e.time_zone from bookings b join events e on e.id = b.event_id
      where b.reference = ${after(bookingPrefix)})
  when ${startsWith(holdPrefix)} then
    (select e.time_zone from events e where e.short_id = ${after(holdPrefix)})
end`;
