import { type SQL, sql } from "drizzle-orm";
import { isUuid } from "#contract/uuid.ts";
import {
  ADMISSION_MINUTES,
  type WaitingPlace,
  type WaitingRoomState,
  type WaitingRoomView,
} from "#contract/waiting-room.ts";
import { shortIdFromPathSegment } from "#server/modules/events/event-ids.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { placeToken } from "./place-token.ts";

/** One event's room and one person's place in it, as read in one statement. */
export type RoomRow = {
  event_id: string;
  short_id: string;
  title: string;
  enabled: boolean | null;
  sale_starts_at: string | Date | null;
  checkout_capacity: number | null;
  drawn_at: string | Date | null;
  placed: number | null;
  admitted_through: number | null;
  admit_per_minute: number | null;
  all_held: boolean | null;
  sold_out_at: string | Date | null;
  seq: string | number | null;
  place: number | null;
  admitted_at: string | Date | null;
  /** Whether the admission's 10 minutes are still running (the database's clock). */
  admission_open: boolean | null;
  /** Whether they started a hold of the event since they were admitted. */
  held_since: boolean | null;
};

const iso = (value: string | Date) => new Date(value).toISOString();

/** The event a room page names: its uuid, short id or `{slug}-{shortId}`; null for none. */
function eventMatch(ref: string): SQL | null {
  if (isUuid(ref)) return sql`e.id = ${ref}`;
  const shortId = shortIdFromPathSegment(ref);
  return shortId ? sql`e.short_id = ${shortId}` : null;
}

/**
 * A published event with its room's settings and state and `userId`'s place, or
 * NOT_FOUND (unknown, draft, malformed: the same answer).
 */
export async function loadRoom(db: Executor, ref: string, userId: string): Promise<RoomRow> {
  const match = eventMatch(ref.trim());
  if (!match) throw new FunctionError("NOT_FOUND", "Event not found.");
  const [row] = await rowsOf<RoomRow>(
    db,
    sql`select e.id as event_id, e.short_id, e.title,
        r.enabled, r.sale_starts_at, r.checkout_capacity,
        s.drawn_at, s.placed, s.admitted_through, s.admit_per_minute, s.all_held, s.sold_out_at,
        p.seq, p.place, p.admitted_at,
        p.admitted_at > now() - make_interval(mins => ${ADMISSION_MINUTES}) as admission_open,
        p.admitted_at is not null and exists (
          select 1 from holds h
          where h.user_id = p.user_id and h.event_id = p.event_id and h.created_at >= p.admitted_at
        ) as held_since
      from events e
      left join event_waiting_rooms r on r.event_id = e.id
      left join waiting_room_states s on s.event_id = e.id
      left join waiting_places p on p.event_id = e.id and p.user_id = ${userId}
      where ${match} and e.status in ('published', 'cancelled')`,
  );
  if (!row) throw new FunctionError("NOT_FOUND", "Event not found.");
  return row;
}

/** The room as everyone sees it; null when it is off. */
export function roomState(row: RoomRow): WaitingRoomState | null {
  if (!row.enabled || !row.sale_starts_at) return null;
  return {
    eventId: row.event_id,
    saleStartsAt: iso(row.sale_starts_at),
    drawn: row.drawn_at !== null,
    admittedThrough: row.admitted_through ?? 0,
    placed: row.placed ?? 0,
    admitPerMinute: Math.round((row.admit_per_minute ?? 0) * 10) / 10,
    soldOut: row.sold_out_at !== null,
    allHeld: row.all_held ?? false,
  };
}

/** Admitted, the 10 minutes over, and no hold started in them: the turn passed unused. */
export const turnLapsed = (row: RoomRow): boolean =>
  row.admitted_at !== null && !row.admission_open && !row.held_since;

function placeOf(row: RoomRow, appSecret: string, userId: string): WaitingPlace | null {
  if (row.seq === null) return null;
  const admittedAt = row.admitted_at ? new Date(row.admitted_at) : null;
  return {
    place: row.place,
    admittedUntil:
      admittedAt && row.admission_open
        ? new Date(admittedAt.getTime() + ADMISSION_MINUTES * 60_000).toISOString()
        : null,
    lapsed: turnLapsed(row),
    turnUsed: row.held_since === true,
    placeToken: placeToken(appSecret, row.event_id, userId, Number(row.seq)),
  };
}

/** What the room page shows to `userId`. */
export function roomView(row: RoomRow, appSecret: string, userId: string): WaitingRoomView {
  return {
    eventId: row.event_id,
    shortId: row.short_id,
    title: row.title,
    room: roomState(row),
    place: placeOf(row, appSecret, userId),
  };
}
