import { sql } from "drizzle-orm";
import { ADMISSION_MINUTES, waitingRoomPath } from "#contract/waiting-room.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

/** How long an instance trusts its list of rooms that are on: turning one on takes this. */
const ROOMS_FRESH_MS = 1000;

const known = new WeakMap<object, { at: number; rooms: Promise<Set<string>> }>();

/** The events whose room is on, read at most once a second per database handle. */
function roomsOn(db: Executor): Promise<Set<string>> {
  const cached = known.get(db);
  if (cached && Date.now() - cached.at < ROOMS_FRESH_MS) return cached.rooms;
  const rooms = rowsOf<{ event_id: string }>(
    db,
    sql`select event_id from event_waiting_rooms where enabled`,
  ).then((rows) => new Set(rows.map((row) => row.event_id)));
  known.set(db, { at: Date.now(), rooms });
  rooms.catch(() => known.delete(db));
  return rooms;
}

/**
 * Refuses a hold of an event whose waiting room is on unless the room admitted the
 * person in the last 10 minutes, or they hold tickets of it now (changing their hold).
 * An event without a room costs no query beyond the shared list.
 */
export async function checkAdmitted(
  db: Executor,
  event: { id: string; shortId: string },
  userId: string,
): Promise<void> {
  if (!(await roomsOn(db)).has(event.id)) return;
  const [row] = await rowsOf<{ allowed: boolean }>(
    db,
    sql`select exists (
        select 1 from waiting_places
        where event_id = ${event.id} and user_id = ${userId}
          and admitted_at > now() - make_interval(mins => ${ADMISSION_MINUTES})
      ) or exists (
        select 1 from holds
        where event_id = ${event.id} and user_id = ${userId} and status = 'active'
      ) as allowed`,
  );
  if (row?.allowed) return;
  throw new FunctionError(
    "FAILED_PRECONDITION",
    "This sale has a waiting room: join it to get your turn.",
    { reason: "waiting-room", waitingRoomPath: waitingRoomPath(event.shortId) },
  );
}
