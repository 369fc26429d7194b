import { sql } from "drizzle-orm";
import {
  type OrderListItem,
  type OrderListView,
  type OrderState,
  orderStates,
} from "#contract/order-view.ts";
import { isUuid } from "#contract/uuid.ts";
import { requireOwnedEvent } from "#server/modules/events/event-ownership.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { orderSearchSql } from "./order-search.ts";
import { orderStateSql } from "./order-state.ts";

export const ORDER_PAGE_SIZE = 25;

export type OrderListRequest = {
  eventId: string;
  query?: string | undefined;
  state?: OrderState | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
};

type OrderRow = {
  id: string;
  reference: string;
  buyer_name: string;
  buyer_phone: string | null;
  buyer_email: string | null;
  ticket_count: number | string;
  total_minor: number;
  refunded_minor: number;
  currency: string;
  state: OrderState;
  created_at: string;
  micros: string;
};

/**
 * The cursor is the last row's time (microseconds, as PostgreSQL keeps them) and id:
 * keyset paging, newest first, so an order made between pages shifts nothing.
 */
const encodeCursor = (row: { micros: string; id: string }) =>
  Buffer.from(`${row.micros}.${row.id}`).toString("base64url");

function decodeCursor(cursor: string): { micros: string; id: string } {
  const [micros, id] = Buffer.from(cursor, "base64url").toString().split(".");
  if (!micros || !/^\d{1,20}$/.test(micros) || !id || !isUuid(id)) {
    throw new FunctionError("INVALID_ARGUMENT", "This page link is not valid.", [
      { path: "cursor", message: "This page link is not valid." },
    ]);
  }
  return { micros, id };
}

/** Microseconds, exactly as PostgreSQL keeps the time (a float would round them). */
const micros = sql`(extract(epoch from b.created_at) * 1000000)::bigint`;

/** The columns of one order row (booking `b`, buyer `u`), shared by the list and the detail. */
export const orderRowColumns = sql`b.id, b.reference, u.name as buyer_name,
  coalesce(b.contact_phone, u.phone) as buyer_phone,
  coalesce(b.contact_email, u.email) as buyer_email,
  (select count(*) from tickets k where k.booking_id = b.id) as ticket_count,
  b.total_minor, b.refunded_minor, b.currency, ${orderStateSql} as state,
  to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  ${micros}::text as micros`;

export function orderItemOf(row: OrderRow): OrderListItem {
  return {
    id: row.id,
    reference: row.reference,
    buyer: { name: row.buyer_name, phone: row.buyer_phone, email: row.buyer_email },
    ticketCount: Number(row.ticket_count),
    totalMinor: row.total_minor,
    refundedMinor: row.refunded_minor,
    currency: row.currency,
    state: row.state,
    createdAt: row.created_at,
  };
}

/**
 * `orders.list`: every booking of one of the caller's events, newest first, a page at a
 * time, searched and filtered by state; with the counts per state of the search.
 */
export async function listOrders(
  db: Executor,
  userId: string,
  request: OrderListRequest,
): Promise<OrderListView> {
  const { event } = await requireOwnedEvent(db, userId, request.eventId);
  const limit = request.limit ?? ORDER_PAGE_SIZE;
  const search = orderSearchSql(request.query);
  const matching = sql`b.event_id = ${event.id}::uuid${search ? sql` and ${search}` : sql``}`;
  const after = request.cursor ? decodeCursor(request.cursor) : null;
  const rows = await rowsOf<OrderRow>(
    db,
    sql`select ${orderRowColumns}
      from bookings b join users u on u.id = b.user_id
      where ${matching}
        ${request.state ? sql`and ${orderStateSql} = ${request.state}` : sql``}
        ${after ? sql`and (${micros}, b.id) < (${after.micros}::bigint, ${after.id}::uuid)` : sql``}
      order by b.created_at desc, b.id desc
      limit ${limit + 1}`,
  );
  const counted = await rowsOf<{ state: OrderState; n: number | string }>(
    db,
    sql`select ${orderStateSql} as state, count(*) as n
      from bookings b join users u on u.id = b.user_id
      where ${matching} group by 1`,
  );
  const counts = Object.fromEntries([...orderStates, "all"].map((s) => [s, 0])) as Record<
    OrderState | "all",
    number
  >;
  for (const { state, n } of counted) {
    counts[state] = Number(n);
    counts.all += Number(n);
  }
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    event: { id: event.id, title: event.title, timeZone: event.timeZone },
    items: page.map(orderItemOf),
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    counts,
  };
}

export type { OrderRow };
