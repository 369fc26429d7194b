import { sql } from "drizzle-orm";
import type { WaitingRoomState } from "#contract/waiting-room.ts";
import type { Database } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import type { RoomStream } from "./room-stream.ts";
import { spread } from "./waiting-room-report.ts";

/** Tickets sold against capacity, from the database: oversold must be 0. Returns it. */
export async function printOversold(db: Database, eventId: string): Promise<number> {
  const [row] = await rowsOf<{ capacity: number; taken: number; tickets: number; held: number }>(
    db,
    sql`select sum(t.capacity)::int as capacity, sum(t.taken)::int as taken,
      (select count(*) from tickets k where k.event_id = ${eventId}::uuid
        and k.status in ('valid', 'checked-in'))::int as tickets,
      (select coalesce(sum(hi.quantity), 0) from hold_items hi join holds h on h.id = hi.hold_id
        where h.event_id = ${eventId}::uuid and h.status = 'active')::int as held
      from ticket_types t where t.event_id = ${eventId}::uuid`,
  );
  if (!row) throw new Error("no ticket types");
  const over = Math.max(0, row.taken - row.capacity, row.tickets - row.capacity);
  const drift = row.taken - row.held - row.tickets;
  console.log(
    `tickets ${row.tickets} of ${row.capacity} (taken ${row.taken}, in live holds ${row.held}): oversold ${over}${over ? "  <- FAIL" : ""}${drift ? `, taken differs from holds + tickets by ${drift}  <- FAIL` : ""}`,
  );
  return over + Math.abs(drift);
}

/**
 * Admission against place order (waiting_places): people admitted after someone with a
 * later place, and people never admitted while someone with a later place was. The
 * second may only be people who lapsed; the bench's no-shows never do in a short run.
 */
export async function printAdmissionOrder(db: Database, eventId: string): Promise<number> {
  const [row] = await rowsOf<{ placed: number; admitted: number; late: number; passed: number }>(
    db,
    sql`with p as (
      select place, admitted_at,
        min(admitted_at) over (order by place desc rows between unbounded preceding and 1 preceding) as later_first,
        max(place) filter (where admitted_at is not null) over () as last_admitted
      from waiting_places where event_id = ${eventId}::uuid and place is not null)
    select count(*)::int as placed, count(admitted_at)::int as admitted,
      count(*) filter (where admitted_at > later_first)::int as late,
      count(*) filter (where admitted_at is null and place < last_admitted)::int as passed
    from p`,
  );
  if (!row) throw new Error("no places");
  const wrong = row.late + row.passed;
  console.log(
    `admission order: ${row.admitted} of ${row.placed} places admitted; admitted after someone with a later place: ${row.late}; passed over: ${row.passed}${wrong ? "  <- FAIL" : ""}`,
  );
  return wrong;
}

/** A room state as a comparable key (jsonb reorders keys; the stream keeps the sender's). */
const keyOf = (state: WaitingRoomState) =>
  JSON.stringify(Object.entries(state).sort(([a], [b]) => a.localeCompare(b)));

/**
 * Every sample stream got every room message published from its first one on until
 * `graceMs` before the streams closed (matched by id, or by content for one sent without
 * an id); and how long after the publishing transaction's start they arrived.
 */
export async function printStreamDelivery(
  db: Database,
  topic: string,
  streams: RoomStream[][],
  closedAt: number,
  graceMs: number,
): Promise<number> {
  const published = await rowsOf<{ id: string; payload: WaitingRoomState; at: string }>(
    db,
    sql`select id, payload, (extract(epoch from created_at) * 1000)::float8 as at
      from realtime_events where topic = ${topic} order by id`,
  );
  const delays: number[] = [];
  let incomplete = 0;
  let missed = 0;
  let opened = 0;
  const lostIds = streams.map(() => new Map<number, number>());
  for (const [instance, stream] of streams.flatMap((list, i) => list.map((s) => [i, s] as const))) {
    if (stream.status !== 200) continue;
    opened += 1;
    const ids = new Set(stream.messages.flatMap((m) => (m.id === null ? [] : [m.id])));
    const keys = new Set(stream.messages.filter((m) => m.id === null).map((m) => keyOf(m.state)));
    const first = stream.messages[0];
    if (!first) continue;
    const from = published.findIndex(
      (p) => Number(p.id) === first.id || keyOf(p.payload) === keyOf(first.state),
    );
    const expected = published
      .slice(Math.max(0, from))
      .filter((p) => Number(p.at) < closedAt - graceMs);
    const lost = expected.filter((p) => !ids.has(Number(p.id)) && !keys.has(keyOf(p.payload)));
    if (lost.length) incomplete += 1;
    const counted = lostIds[instance] as Map<number, number>;
    for (const p of lost) counted.set(Number(p.id), (counted.get(Number(p.id)) ?? 0) + 1);
    missed += lost.length;
    const atOf = new Map(published.map((p) => [Number(p.id), Number(p.at)]));
    for (const m of stream.messages)
      if (m.id !== null) delays.push(m.at - (atOf.get(m.id) ?? m.at));
  }
  const never = streams.flat().filter((s) => s.status === 200 && s.messages.length === 0).length;
  const refused = streams.flat().filter((s) => s.status !== 200).length;
  console.log(
    `room messages published: ${published.length}; sample streams ${streams.map((s) => s.length).join(" + ")}, open ${opened}, refused ${refused}, heard nothing ${never}; streams missing some: ${incomplete} (${missed} messages)${incomplete ? "  <- FAIL" : ""}`,
  );
  for (const [i, counted] of lostIds.entries()) {
    if (counted.size === 0) continue;
    const list = [...counted].slice(0, 8).map(([id, n]) => `${id} (${n} streams)`);
    console.log(
      `  missed on instance ${i + 1}: ${list.join(", ")}${counted.size > 8 ? ", …" : ""}`,
    );
  }
  console.log(`stream delivery after publishing   ${spread(delays)}`);
  return incomplete + never + refused;
}
