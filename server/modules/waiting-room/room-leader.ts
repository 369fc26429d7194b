import { sql } from "drizzle-orm";
import {
  WAITING_ROOM_KIND,
  type WaitingRoomState,
  waitingRoomTopic,
} from "#contract/waiting-room.ts";
import { listWaitingSql } from "#server/modules/events/waiting-list-gate.ts";
import { WAITING_ROOM_LOCK } from "#server/platform/db/advisory-locks.ts";
import type { Database, Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { oneAtATime } from "#server/platform/db/one-at-a-time.ts";
import { publishRealtime } from "#server/platform/realtime/publish.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import { startPeriodic } from "#server/platform/runtime/periodic.ts";
import { loadRoom, roomState } from "./room-view.ts";

/** Places given per tick at most: a burst of joins is placed over a few seconds. */
const PLACE_BATCH = 10_000;
/**
 * A room that runs says so at least this often, changed or not: pages that hear it need
 * no poll of their own.
 */
const HEARTBEAT_MS = 15_000;
const lastPublished = new Map<string, number>();

/** Admission's recent rate is measured over this window. */
const RATE_MINUTES = 5;
const NOBODY = "00000000-0000-0000-0000-000000000000";

type Counts = {
  remaining: number;
  list_reserved: number;
  live_holds: number;
  any_active_holds: boolean;
  fresh_without_hold: number;
  admitted_recently: number;
  minutes_since_draw: number;
};

/** Early arrivals get places 1..n in a random order (their `draw_key`), once, at the start. */
async function draw(tx: Executor, eventId: string): Promise<void> {
  await tx.execute(sql`
    with drawn as (
      select user_id, row_number() over (order by draw_key, seq) as place
      from waiting_places where event_id = ${eventId} and early and place is null
    )
    update waiting_places p set place = drawn.place
    from drawn where p.event_id = ${eventId} and p.user_id = drawn.user_id`);
  await tx.execute(sql`
    insert into waiting_room_states (event_id, drawn_at, placed)
    values (${eventId}, now(),
      (select count(*) from waiting_places where event_id = ${eventId} and place is not null))
    on conflict (event_id) do update set drawn_at = now(), placed = excluded.placed`);
}

/** Everyone who joined since, behind the last place, in order of arrival. */
async function placeArrivals(tx: Executor, eventId: string, placed: number): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(
    tx,
    sql`with next as (
        select user_id, row_number() over (order by seq) as n
        from waiting_places where event_id = ${eventId} and place is null
        order by seq limit ${PLACE_BATCH}
      ), given as (
        update waiting_places p set place = ${placed} + next.n
        from next where p.event_id = ${eventId} and p.user_id = next.user_id
        returning 1
      )
      select count(*)::int as count from given`,
  );
  return placed + Number(row?.count ?? 0);
}

/**
 * What admission depends on: tickets free to the public (not those a waiting list holds,
 * decision 034: they are counted apart), checkouts busy (live holds, and admitted people
 * without a hold yet, until they count as no-shows), recent admissions. Hidden types
 * (sold only with their code, decision 036) count for nothing: they admit nobody and do
 * not keep the room from selling out.
 */
async function counts(tx: Executor, eventId: string, noShowSeconds: number): Promise<Counts> {
  const [row] = await rowsOf<Counts>(
    tx,
    sql`select tickets.remaining, tickets.list_reserved,
      (select count(*)::int from holds
        where event_id = ${eventId} and status = 'active' and expires_at > now()) as live_holds,
      exists (select 1 from holds where event_id = ${eventId} and status = 'active')
        as any_active_holds,
      (select count(*)::int from waiting_places p
        where p.event_id = ${eventId}
          and p.admitted_at > now() - make_interval(secs => ${noShowSeconds})
          and not exists (select 1 from holds h where h.user_id = p.user_id
            and h.event_id = p.event_id and h.created_at >= p.admitted_at)) as fresh_without_hold,
      (select count(*)::int from waiting_places
        where event_id = ${eventId}
          and admitted_at > now() - make_interval(mins => ${RATE_MINUTES})) as admitted_recently,
      (select extract(epoch from now() - drawn_at) / 60 from waiting_room_states
        where event_id = ${eventId})::float8 as minutes_since_draw
    from (select
        coalesce(sum(free) filter (where not list_waiting), 0)::int as remaining,
        coalesce(sum(free) filter (where list_waiting), 0)::int as list_reserved
      from (select greatest(t.capacity - t.taken, 0) as free,
          ${listWaitingSql(sql`t.id`)} as list_waiting
        from ticket_types t where t.event_id = ${eventId} and not t.hidden) types) tickets`,
  );
  if (!row) throw new Error("waiting room counts not read");
  return row;
}

/** How many to admit now: keep `capacity` checkouts busy, never more than the tickets left. */
export function admissions(
  c: { remaining: number; liveHolds: number; freshWithoutHold: number; waiting: number },
  capacity: number,
): number {
  const busy = c.liveHolds + c.freshWithoutHold;
  const free = c.remaining - c.freshWithoutHold;
  return Math.max(0, Math.min(capacity - busy, free, c.waiting));
}

/** One room's turn: draw, place, admit, close at the sell-out; tells the room if it changed. */
async function tickRoom(tx: Executor, eventId: string, noShowSeconds: number): Promise<void> {
  const before = await loadRoom(tx, eventId, NOBODY);
  if (!before.enabled) return;
  if (before.drawn_at === null) await draw(tx, eventId);
  const drawnPlaced =
    before.drawn_at === null
      ? Number((await loadRoom(tx, eventId, NOBODY)).placed ?? 0)
      : Number(before.placed ?? 0);
  const placed = await placeArrivals(tx, eventId, drawnPlaced);
  const c = await counts(tx, eventId, noShowSeconds);
  // Tickets held, or kept for a waiting list, may yet come back to the public: not sold out.
  const soldOut = c.remaining === 0 && !c.any_active_holds && c.list_reserved === 0;
  const allHeld = c.remaining === 0 && !soldOut;
  const mark = Number(before.admitted_through ?? 0);
  const admit = soldOut
    ? 0
    : admissions(
        {
          remaining: c.remaining,
          liveHolds: c.live_holds,
          freshWithoutHold: c.fresh_without_hold,
          waiting: placed - mark,
        },
        Number(before.checkout_capacity),
      );
  if (admit > 0) {
    await tx.execute(sql`update waiting_places set admitted_at = now()
      where event_id = ${eventId} and place > ${mark} and place <= ${mark + admit}
        and admitted_at is null`);
  }
  const minutes = Math.min(RATE_MINUTES, Math.max(1 / 6, c.minutes_since_draw || 0));
  const rate = (c.admitted_recently + admit) / minutes;
  await tx.execute(sql`update waiting_room_states set placed = ${placed},
      admitted_through = ${mark + admit}, admit_per_minute = ${rate}, all_held = ${allHeld},
      sold_out_at = case when ${soldOut} then coalesce(sold_out_at, now()) end, updated_at = now()
    where event_id = ${eventId}`);
  const was = roomState(before);
  const now = roomState(await loadRoom(tx, eventId, NOBODY)) as WaitingRoomState;
  const quietFor = Date.now() - (lastPublished.get(eventId) ?? 0);
  if (JSON.stringify(was) !== JSON.stringify(now) || (quietFor >= HEARTBEAT_MS && !now.soldOut)) {
    await publishRealtime(tx, {
      topic: waitingRoomTopic(eventId),
      kind: WAITING_ROOM_KIND,
      payload: now,
    });
    lastPublished.set(eventId, Date.now());
  }
}

/**
 * One tick of every open room, by one instance at a time (an advisory lock; the others
 * skip their turn): rooms whose sale has started. Each room in its own transaction, so
 * one room's failure leaves the others moving.
 */
export async function tickRooms(db: Database, noShowSeconds: number): Promise<number | null> {
  return oneAtATime(db, WAITING_ROOM_LOCK, async () => {
    const rooms = await rowsOf<{ event_id: string }>(
      db,
      sql`select r.event_id from event_waiting_rooms r join events e on e.id = r.event_id
        where r.enabled and r.sale_starts_at <= now() and e.status = 'published'
          and e.ends_at > now()`,
    );
    const failures: unknown[] = [];
    for (const room of rooms) {
      await db
        .transaction((tx) => tickRoom(tx, room.event_id, noShowSeconds))
        .catch((error: unknown) => failures.push(error));
    }
    if (failures.length > 0) throw failures[0];
    return rooms.length;
  });
}

/** Every instance runs it; one at a time leads (decision 033). */
export function startWaitingRoomLeader(
  db: Database,
  log: Logger,
  settings: { WAITING_ROOM_TICK_SECONDS: number; WAITING_ROOM_NO_SHOW_SECONDS: number },
): () => Promise<void> {
  return startPeriodic({
    intervalSeconds: settings.WAITING_ROOM_TICK_SECONDS,
    log,
    failure: "waiting room tick failed; will retry",
    run: async () => {
      await tickRooms(db, settings.WAITING_ROOM_NO_SHOW_SECONDS);
    },
  }).stop;
}
