import { type SQL, sql } from "drizzle-orm";
import {
  DOOR_SYNC_PAGE_SIZE,
  type DoorSyncInput,
  type DoorSyncPage,
  type DoorSyncTicket,
} from "#contract/door-offline.ts";
import { clockTime } from "#contract/door-verdict.ts";
import type { TicketStatus } from "#contract/ticket-status.ts";
import { isUuid } from "#contract/uuid.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

type EventRow = {
  id: string;
  short_id: string;
  title: string;
  time_zone: string;
  starts_at: string | Date;
  ends_at: string | Date;
  offline_search_limit: number;
  tickets: number | string;
  cursor: string;
};

type TicketRow = {
  id: string;
  generation: number;
  status: TicketStatus;
  attendee_name: string;
  manual_code: string;
  type_name: string;
  check_in_id: string | null;
  checked_in_at: string | Date | null;
  staff_name: string | null;
  device_id: string | null;
};

/** A transaction id as PostgreSQL's `xid8` prints it: at most 2^63 - 1. */
const xidPattern = /^\d{1,19}$/;
const maxXid = 2n ** 63n - 1n;

const badLink = (what: string) =>
  new FunctionError(
    "INVALID_ARGUMENT",
    `This ${what} is not one the server gave: start the door's sync again from the beginning.`,
  );

function parseXid(value: string, what: string): string {
  if (!xidPattern.test(value) || BigInt(value) > maxXid) throw badLink(what);
  return value;
}

/** `after`: the sync's cursor and the last ticket id of the page before. */
function parseAfter(after: string): { cursor: string; lastId: string } {
  const dot = after.indexOf(".");
  const lastId = after.slice(dot + 1);
  // Ids as the server writes them: lower case.
  if (dot < 0 || !isUuid(lastId) || lastId !== lastId.toLowerCase()) throw badLink("page link");
  return { cursor: parseXid(after.slice(0, dot), "page link"), lastId };
}

/**
 * A sync's cursor: the oldest transaction this snapshot does not see that could have
 * written this database's tickets, or the snapshot's horizon when there is none. Every
 * change not visible to the sync has an id at least the cursor and comes in the next delta.
 * Transaction ids are the whole cluster's, so a transaction still running in another
 * database (found by its backend) does not hold the cursor back; one that has ended since
 * the snapshot cannot be placed and counts (decision 030).
 */
const syncCursor = sql`(select coalesce(min(x::text::bigint),
      min(pg_snapshot_xmax(snap.s)::text::bigint))::text
    from (select pg_current_snapshot() as s) snap
      left join lateral pg_snapshot_xip(snap.s) x on not exists (
        select 1 from pg_stat_activity a
        where a.backend_xid = x::xid
          and a.datid <> (select oid from pg_database where datname = current_database())))`;

/**
 * The event, its ticket count (what decides whether names travel), and on a sync's first
 * page its cursor, read before any ticket is.
 */
async function eventOf(db: Executor, eventId: string): Promise<EventRow> {
  const [row] = await rowsOf<EventRow>(
    db,
    sql`select e.id, e.short_id, e.title, e.time_zone, e.starts_at, e.ends_at,
        e.offline_search_limit,
        (select count(*) from tickets k where k.event_id = e.id
          and k.status in ('valid', 'checked-in', 'cancelled')) as tickets,
        ${syncCursor} as cursor
      from events e where e.id = ${eventId}::uuid`,
  );
  if (!row) throw new FunctionError("NOT_FOUND", "Not found.");
  return row;
}

/**
 * Which tickets a page holds: those changed since `since` (a delta: every change, through
 * the index `tickets_event_door_change`), or all of them, without the plainly valid ones
 * when names do not travel (a signed token the device's list does not name is valid).
 */
function ticketsWanted(since: string | null, searchable: boolean): SQL {
  if (since !== null) return sql`k.door_xid >= ${since}::bigint`;
  if (searchable) return sql`true`;
  return sql`(k.status <> 'valid' or k.generation <> 1)`;
}

/** HH:MM in the event's zone, once per minute of the clock (a busy door has thousands). */
function clockOf(timeZone: string) {
  const seen = new Map<string, string>();
  return (at: string) => {
    const minute = at.slice(0, 16);
    let time = seen.get(minute);
    if (time === undefined) {
      time = clockTime(at, timeZone);
      seen.set(minute, time);
    }
    return time;
  };
}

/**
 * One page of what a door device keeps of an event (decision 030): the published keys,
 * and the event's tickets (a full list, `since` null) or those changed since `since`,
 * paged by ticket id. Every page of one sync answers the cursor its first page took
 * (carried in `next`); the device keeps it as its next `since` once it has the last page.
 */
export async function offlineSyncPage(
  db: Executor,
  input: DoorSyncInput,
  keys: DoorSyncPage["keys"],
): Promise<DoorSyncPage> {
  const since = input.since === null ? null : parseXid(input.since, "sync cursor");
  const after = input.after === null ? null : parseAfter(input.after);
  const event = await eventOf(db, input.eventId);
  const cursor = after?.cursor ?? event.cursor;
  const limit = Number(event.offline_search_limit);
  const searchable = limit > 0 && Number(event.tickets) <= limit;
  const rows = await rowsOf<TicketRow>(
    db,
    sql`select k.id, k.generation, k.status, k.attendee_name, k.manual_code,
        t.name as type_name, c.id as check_in_id, c.created_at as checked_in_at,
        c.staff_name, c.device_id
      from tickets k join ticket_types t on t.id = k.ticket_type_id
        left join check_ins c on c.ticket_id = k.id and c.undone_at is null
          and k.status = 'checked-in'
      where k.event_id = ${input.eventId}::uuid
        and ${ticketsWanted(since, searchable)}
        ${after ? sql`and k.id > ${after.lastId}::uuid` : sql``}
      order by k.id
      limit ${DOOR_SYNC_PAGE_SIZE + 1}`,
  );
  const more = rows.length > DOOR_SYNC_PAGE_SIZE;
  const page = more ? rows.slice(0, DOOR_SYNC_PAGE_SIZE) : rows;
  const clock = clockOf(event.time_zone);
  const tickets = page.map((row): DoorSyncTicket => {
    const ticket: DoorSyncTicket = { id: row.id, g: Number(row.generation), s: row.status };
    if (row.check_in_id && row.checked_in_at) {
      const at = new Date(row.checked_in_at).toISOString();
      ticket.in = {
        id: row.check_in_id,
        at,
        time: clock(at),
        staffName: row.staff_name ?? "Door staff",
        deviceId: row.device_id ?? "",
      };
    }
    if (searchable) {
      ticket.n = row.attendee_name;
      ticket.c = row.manual_code;
      ticket.t = row.type_name;
    }
    return ticket;
  });
  const last = page.at(-1);
  return {
    event: {
      id: event.id,
      shortId: event.short_id,
      title: event.title,
      timeZone: event.time_zone,
      startsAt: new Date(event.starts_at).toISOString(),
      endsAt: new Date(event.ends_at).toISOString(),
    },
    keys,
    cursor,
    next: more && last ? `${cursor}.${last.id}` : null,
    full: since === null,
    searchable,
    tickets,
    serverTime: new Date().toISOString(),
  };
}
