import { type SQL, sql } from "drizzle-orm";
import type { HoldStatus } from "#contract/hold-status.ts";
import type { HoldItemView, HoldView } from "#contract/hold-view.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

type Row = {
  id: string;
  event_id: string;
  status: HoldStatus;
  expires_at: string | Date;
  live: boolean;
  code: string | null;
  items: HoldItemView[] | string;
};

/** Builds the view from a hold's items (shared by the hot path, which knows them already). */
export function holdView(
  hold: {
    id: string;
    eventId: string;
    status: HoldStatus;
    expiresAt: Date;
    live: boolean;
    code: string | null;
  },
  items: HoldItemView[],
): HoldView {
  return {
    id: hold.id,
    eventId: hold.eventId,
    status: hold.status,
    live: hold.live,
    expiresAt: hold.expiresAt.toISOString(),
    items,
    ticketCount: items.reduce((sum, item) => sum + item.quantity, 0),
    totalMinor: items.reduce((sum, item) => sum + item.quantity * item.unitPriceMinor, 0),
    code: hold.code,
    discountMinor: items.reduce((sum, item) => sum + item.quantity * item.discountMinor, 0),
    currency: items[0]?.currency ?? null,
  };
}

/** The caller's hold by id; another user's hold is NOT_FOUND, like one that never existed. */
export async function loadHoldView(
  db: Executor,
  holdId: string,
  userId: string,
): Promise<HoldView> {
  const view = await findHoldView(db, sql`h.id = ${holdId}::uuid and h.user_id = ${userId}::uuid`);
  if (!view) throw new FunctionError("NOT_FOUND", "Hold not found.");
  return view;
}

/** The caller's live hold for an event (by uuid), or null. */
export async function liveHoldView(
  db: Executor,
  eventId: string,
  userId: string,
): Promise<HoldView | null> {
  return findHoldView(
    db,
    sql`h.event_id = ${eventId}::uuid and h.user_id = ${userId}::uuid
        and h.status = 'active' and h.expires_at > now()`,
  );
}

async function findHoldView(db: Executor, where: ReturnType<typeof sql>): Promise<HoldView | null> {
  const [row] = await rowsOf<Row>(
    db,
    sql`
    select h.id, h.event_id, h.status, h.expires_at,
           (h.status = 'active' and h.expires_at > now()) as live,
           (select c.code from event_codes c where c.id = h.code_id) as code,
           coalesce((select json_agg(json_build_object(
              'ticketTypeId', hi.ticket_type_id, 'name', t.name, 'quantity', hi.quantity,
              'unitPriceMinor', hi.unit_price_minor, 'discountMinor', hi.discount_minor,
              'currency', hi.currency)
              order by t.position, t.created_at)
            from hold_items hi join ticket_types t on t.id = hi.ticket_type_id
            where hi.hold_id = h.id), '[]'::json) as items
    from holds h where ${where}
    limit 1`,
  );
  if (!row) return null;
  const items = typeof row.items === "string" ? JSON.parse(row.items) : row.items;
  return holdView(
    {
      id: row.id,
      eventId: row.event_id,
      status: row.status,
      expiresAt: new Date(row.expires_at),
      live: row.live,
      code: row.code,
    },
    items as HoldItemView[],
  );
}

/**
 * The user's live hold of an event as one JSON value (null without one): how many
 * tickets, until when. A fragment for a statement that reads more (the viewer).
 */
export function liveHoldJson(userId: string, eventId: SQL): SQL {
  return sql`(select json_build_object('ticketCount',
      (select coalesce(sum(hi.quantity), 0)::int from hold_items hi where hi.hold_id = h.id),
      'expiresAt', h.expires_at)
    from holds h
    where h.event_id = ${eventId} and h.user_id = ${userId}::uuid
      and h.status = 'active' and h.expires_at > now()
    limit 1)`;
}
