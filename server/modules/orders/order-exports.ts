import { sql } from "drizzle-orm";
import type { CsvExportBatch } from "#contract/csv-export.ts";
import { type OrderState, orderStateLabels } from "#contract/order-view.ts";
import { requireOwnedEvent } from "#server/modules/events/event-ownership.ts";
import { csvHead, csvLine } from "#server/platform/csv/csv.ts";
import { csvFilename } from "#server/platform/csv/csv-filename.ts";
import {
  decodeExportCursor,
  EXPORT_BATCH_ROWS,
  encodeExportCursor,
  exportTimeSql,
} from "#server/platform/csv/export-cursor.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import {
  type AnswerColumn,
  answerCells,
  answerColumnsOf,
  rowAnswersSql,
} from "./export-answer-columns.ts";
import { orderStateSql } from "./order-state.ts";

export const orderExportKinds = ["orders", "attendees"] as const;
export type OrderExportKind = (typeof orderExportKinds)[number];

export const ordersCsvHeader = [
  "Reference",
  "Booked at",
  "Buyer",
  "Phone",
  "Email",
  "Tickets",
  "Total",
  "Refunded",
  "Currency",
  "State",
  "Code",
  "Discount",
] as const;

/** The attendees CSV's fixed columns; one column per question of the event follows. */
export const attendeesCsvHeader = [
  "Attendee",
  "Ticket type",
  "Status",
  "Holder",
  "Booking reference",
  "Checked in at",
  "Ticket",
] as const;

/** Minor units as a plain decimal ("12.50"): a spreadsheet reads it as a number. */
const decimal = (minor: number) => (minor / 100).toFixed(2);

const wallTime = (column: string) =>
  sql.raw(`to_char(${column} at time zone e.time_zone, 'YYYY-MM-DD HH24:MI:SS')`);

/**
 * `orders.exportCsv`: one batch of an event's orders (one row per booking, oldest first)
 * or attendees (one row per ticket) as CSV lines, keyset paged: the page that streams the
 * file asks for the next batch only when the download has taken the last one, so a
 * download left half way stops asking. The attendees' head is the event's own: the fixed
 * columns, then one per question (`answerColumnsOf`).
 */
export async function exportBatch(
  db: Executor,
  userId: string,
  input: { eventId: string; kind: OrderExportKind; cursor?: string | undefined },
): Promise<CsvExportBatch> {
  const { event } = await requireOwnedEvent(db, userId, input.eventId);
  const after = input.cursor
    ? decodeExportCursor(input.cursor, input.kind === "orders" ? ["time", "id"] : ["id"])
    : null;
  const batch =
    input.kind === "orders"
      ? { ...(await ordersBatch(db, event.id, after)), header: ordersCsvHeader }
      : await attendeesBatch(db, event.id, after, await answerColumnsOf(db, event.id));
  return {
    filename: csvFilename(input.kind, event.title, "event", new Date()),
    head: after ? null : csvHead(batch.header),
    lines: batch.lines.join(""),
    rows: batch.lines.length,
    nextCursor: batch.lines.length === EXPORT_BATCH_ROWS ? batch.next : null,
  };
}

async function ordersBatch(db: Executor, eventId: string, after: string[] | null) {
  const rows = await rowsOf<{
    id: string;
    at: string;
    reference: string;
    booked_at: string;
    buyer_name: string;
    buyer_phone: string | null;
    buyer_email: string | null;
    ticket_count: number | string;
    total_minor: number;
    refunded_minor: number;
    currency: string;
    state: OrderState;
    code: string | null;
    discount_minor: number;
  }>(
    db,
    sql`select b.id, ${sql.raw(exportTimeSql("b.created_at"))} as at, b.reference, ${wallTime("b.created_at")} as booked_at,
        u.name as buyer_name, coalesce(b.contact_phone, u.phone) as buyer_phone,
        coalesce(b.contact_email, u.email) as buyer_email,
        (select count(*) from tickets k where k.booking_id = b.id) as ticket_count,
        b.total_minor, b.refunded_minor, b.currency, ${orderStateSql} as state, b.code,
        (select coalesce(sum(i.quantity * i.discount_minor), 0)::int from booking_items i
          where i.booking_id = b.id) as discount_minor
      from bookings b join users u on u.id = b.user_id join events e on e.id = b.event_id
      where b.event_id = ${eventId}::uuid
        ${after ? sql`and (b.created_at, b.id) > (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
      order by b.created_at, b.id limit ${EXPORT_BATCH_ROWS}`,
  );
  const last = rows.at(-1);
  return {
    lines: rows.map((r) =>
      csvLine([
        r.reference,
        r.booked_at,
        r.buyer_name,
        r.buyer_phone,
        r.buyer_email,
        Number(r.ticket_count),
        decimal(r.total_minor),
        decimal(r.refunded_minor),
        r.currency,
        orderStateLabels[r.state],
        r.code,
        decimal(Number(r.discount_minor)),
      ]),
    ),
    next: last ? encodeExportCursor(last.at, last.id) : null,
  };
}

async function attendeesBatch(
  db: Executor,
  eventId: string,
  after: string[] | null,
  columns: AnswerColumn[],
) {
  const rows = await rowsOf<{
    id: string;
    attendee_name: string;
    type_name: string;
    status: string;
    holder_name: string | null;
    reference: string;
    checked_in_at: string | null;
    answers?: unknown;
  }>(
    db,
    sql`select k.id, k.attendee_name, t.name as type_name, k.status,
        case when k.holder_user_id is distinct from b.user_id then h.name end as holder_name,
        b.reference,
        (select ${wallTime("max(c.created_at)")} from check_ins c
          where c.ticket_id = k.id and c.undone_at is null) as checked_in_at
        ${columns.length > 0 ? sql`, ${rowAnswersSql} as answers` : sql``}
      from tickets k join bookings b on b.id = k.booking_id
        join events e on e.id = k.event_id
        join ticket_types t on t.id = k.ticket_type_id
        left join users h on h.id = k.holder_user_id
      where k.event_id = ${eventId}::uuid
        ${after ? sql`and k.id > ${after[0]}::uuid` : sql``}
      order by k.id limit ${EXPORT_BATCH_ROWS}`,
  );
  const last = rows.at(-1);
  return {
    lines: rows.map((r) =>
      csvLine([
        r.attendee_name,
        r.type_name,
        r.status,
        r.holder_name,
        r.reference,
        r.checked_in_at,
        r.id,
        ...answerCells(columns, r.answers),
      ]),
    ),
    next: last ? encodeExportCursor(last.id) : null,
    header: [...attendeesCsvHeader, ...columns.map((c) => c.header)],
  };
}
