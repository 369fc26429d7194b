import { sql } from "drizzle-orm";
import type {
  WaitingListEntryView,
  WaitingListOverview,
  WaitingListStatus,
  WaitingListTypeView,
} from "#contract/waiting-list.ts";
import { requireOwnedEvent } from "#server/modules/events/event-ownership.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { offerJson, offerOf } from "./my-entries.ts";

/** Ended entries shown per type, newest first. */
const ENDED_SHOWN = 200;

type EntryRow = {
  id: string;
  ticket_type_id: string;
  position: number | null;
  name: string | null;
  quantity: number;
  status: WaitingListStatus;
  joined_at: string | Date;
  ended_at: string | Date | null;
  offer: unknown;
};

type TypeRow = {
  id: string;
  name: string;
  enabled: boolean;
  free: number;
  per_order_limit: number;
};

const iso = (value: string | Date) => new Date(value).toISOString();

export function entryView(row: EntryRow): WaitingListEntryView {
  const offer = typeof row.offer === "string" ? JSON.parse(row.offer) : row.offer;
  return {
    id: row.id,
    position: row.position === null ? null : Number(row.position),
    name: row.name ?? "Unnamed",
    quantity: Number(row.quantity),
    status: row.status,
    joinedAt: iso(row.joined_at),
    offer: offerOf(offer ?? null),
    endedAt: row.ended_at ? iso(row.ended_at) : null,
  };
}

/**
 * Entries of `where` as the organiser sees them, in the order of the list: the waiting by
 * place (`position` 1.. among the waiting of their type), then open offers, then the
 * ended, newest first (`ENDED_SHOWN` per type).
 */
export async function entryRows(db: Executor, where: ReturnType<typeof sql>) {
  return rowsOf<EntryRow>(
    db,
    sql`select * from (
        select w.id, w.ticket_type_id, w.quantity, w.status, w.joined_at, w.ended_at,
          u.name, ${offerJson} as offer,
          case when w.status = 'waiting' then row_number() over (
            partition by w.ticket_type_id, w.status = 'waiting' order by w.seq) end as position,
          row_number() over (partition by w.ticket_type_id, w.status in ('waiting', 'offered')
            order by w.ended_at desc nulls last) as ended_rank,
          case w.status when 'waiting' then 0 when 'offered' then 1 else 2 end as part,
          w.seq, w.offered_at
        from waiting_list_entries w join users u on u.id = w.user_id
        where ${where}
      ) x
      where x.part < 2 or x.ended_rank <= ${ENDED_SHOWN}
      order by x.part, case when x.part = 0 then x.seq end,
        case when x.part = 1 then x.offered_at end, x.ended_at desc`,
  );
}

/**
 * An event's waiting lists for its owner (`waitingList.forEvent`; NOT_FOUND for anyone
 * else): per ticket type, its switch, free tickets, counts and entries.
 */
export async function listOverview(
  db: Executor,
  userId: string,
  eventId: string,
): Promise<WaitingListOverview> {
  const { event } = await requireOwnedEvent(db, userId, eventId);
  const types = await rowsOf<TypeRow>(
    db,
    sql`select id, name, waiting_list as enabled, greatest(capacity - taken, 0)::int as free,
        per_order_limit
      from ticket_types where event_id = ${event.id} order by position, created_at`,
  );
  const entries = (await entryRows(db, sql`w.event_id = ${event.id}`)).map((row) => ({
    typeId: row.ticket_type_id,
    view: entryView(row),
  }));
  return {
    eventId: event.id,
    title: event.title,
    offerHours: event.waitingListOfferHours,
    types: types.map((type): WaitingListTypeView => {
      const own = entries.filter((e) => e.typeId === type.id).map((e) => e.view);
      return {
        ticketTypeId: type.id,
        name: type.name,
        enabled: type.enabled,
        free: Number(type.free),
        perOrderLimit: Number(type.per_order_limit),
        waiting: own.filter((e) => e.status === "waiting").length,
        offered: own.filter((e) => e.status === "offered").length,
        entries: own,
      };
    }),
  };
}
