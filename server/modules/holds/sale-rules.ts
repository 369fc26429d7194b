import { type SQL, sql } from "drizzle-orm";
import { formatEventTime } from "#contract/event-time.ts";
import { publicRemaining } from "#server/modules/events/waiting-list-gate.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { EventForSale, TicketTypeForSale } from "./event-for-sale.ts";

/** One line of a hold request, validated and de-duplicated by the caller. */
export type HoldLine = { ticketTypeId: string; quantity: number };

function prefixed(type: TicketTypeForSale, several: boolean, message: string): string {
  return several ? `${type.name}: ${message.charAt(0).toLowerCase()}${message.slice(1)}` : message;
}

/** One condition of a sale on the event (and its business), at `now`. */
type EventCondition = {
  allows(event: EventForSale, now: Date): boolean;
  /** The same condition in SQL, over `e` (events) and `b` (businesses), at `now()`. */
  sql: SQL;
  refusal(event: EventForSale): FunctionError;
};

/** One condition of a sale on a ticket type and the quantity asked of it, at `now`. */
type TypeCondition = {
  allows(type: TicketTypeForSale, quantity: number, now: Date): boolean;
  /** The same in SQL, over `t` (ticket_types) and the quantity asked, at `now()`. */
  sql(quantity: SQL): SQL;
  refusal(type: TicketTypeForSale, event: EventForSale, line: LineOf): FunctionError;
};

/** Where a line stands in its request: its refusal names the type when several were asked. */
type LineOf = { index: number; several: boolean };

/**
 * When a ticket type is on sale, written once: each condition in TypeScript (the refusal a
 * person reads, decided on a fresh read) beside the same condition in SQL (the WHERE of
 * the hold statements, single and batched, so a hold tried on a stale read still never
 * sells what it should not). Checked in this order; sale-rules.test.ts holds both sides
 * to agree on either side of every boundary. What is left (capacity) is not here: each
 * statement counts it its own way, and `shortageError` words it.
 */
const eventConditions: readonly EventCondition[] = [
  {
    // Drafts are not for sale nor even visible: NOT_FOUND, as on the public page.
    allows: (event) => event.status === "published",
    sql: sql`e.status = 'published'`,
    refusal: (event) =>
      event.status === "cancelled"
        ? new FunctionError("FAILED_PRECONDITION", "This event was cancelled.", {
            reason: "event-cancelled",
          })
        : new FunctionError("NOT_FOUND", "Event not found."),
  },
  {
    allows: (event) => event.businessActive,
    sql: sql`b.status = 'active'`,
    refusal: () =>
      new FunctionError("FAILED_PRECONDITION", "This event is not on sale.", {
        reason: "not-on-sale",
      }),
  },
  {
    // A started event is still on sale until it ends (late arrivals).
    allows: (event, now) => event.endsAt > now,
    sql: sql`e.ends_at > now()`,
    refusal: () =>
      new FunctionError("FAILED_PRECONDITION", "This event has ended.", {
        reason: "event-ended",
      }),
  },
];

const typeConditions: readonly TypeCondition[] = [
  {
    allows: (type, quantity) => quantity <= type.perOrderLimit,
    sql: (quantity) => sql`${quantity} <= t.per_order_limit`,
    refusal: (type, _event, line) => {
      const message = prefixed(
        type,
        line.several,
        `At most ${type.perOrderLimit} tickets per order.`,
      );
      return new FunctionError("INVALID_ARGUMENT", message, [
        { path: `items.${line.index}.quantity`, message },
      ]);
    },
  },
  {
    allows: (type, _quantity, now) => !type.salesStartAt || type.salesStartAt <= now,
    sql: () => sql`(t.sales_start_at is null or t.sales_start_at <= now())`,
    refusal: (type, event, line) => {
      const start = type.salesStartAt ?? new Date(0);
      const when = formatEventTime(start, event.timeZone, { weekday: false });
      return new FunctionError(
        "FAILED_PRECONDITION",
        prefixed(type, line.several, `Sales open on ${when}.`),
        { reason: "not-started", ticketTypeId: type.id, salesStartAt: start.toISOString() },
      );
    },
  },
  {
    allows: (type, _quantity, now) => !type.salesEndAt || type.salesEndAt > now,
    sql: () => sql`(t.sales_end_at is null or t.sales_end_at > now())`,
    refusal: (type, _event, line) =>
      new FunctionError("FAILED_PRECONDITION", prefixed(type, line.several, "Sales have ended."), {
        reason: "sales-ended",
        ticketTypeId: type.id,
      }),
  },
];

const noneUnlocked: readonly string[] = [];

/**
 * Whether a ticket type may be sold to this hold at all (decision 036): a hidden type only
 * to a hold whose code names it (`unlocked`, the hidden ids `codeAppliesTo` allows), every
 * other type to anyone. The TypeScript side, `checkSaleRules`, answers a hidden type not
 * unlocked exactly as a type of another event, so hidden ids cannot be probed.
 */
export function typeAllowed(
  type: { id: string; hidden: boolean },
  unlocked: readonly string[],
): boolean {
  return !type.hidden || unlocked.includes(type.id);
}

/** `typeAllowed` in SQL, over `t` (ticket_types): the public statements pass no ids. */
export function hiddenAllowedSql(unlocked: readonly string[]): SQL {
  if (unlocked.length === 0) return sql`not t.hidden`;
  const ids = sql.join(
    unlocked.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return sql`(not t.hidden or t.id in (${ids}))`;
}

/**
 * The sale rules as a WHERE condition on ticket type `t` of event `eventId` asked for
 * `quantity` (an SQL expression: a column of the request, or a parameter), for the hold
 * statements. The event's conditions are one EXISTS on its primary key: no extra trip.
 * `t.event_id` and `hiddenAllowedSql` are the SQL side of checkSaleRules' "not sold for this
 * event". `unlocked`: the hidden types a hold's code names (none for the public statements).
 */
export function onSaleSql(
  eventId: string,
  quantity: SQL,
  unlocked: readonly string[] = noneUnlocked,
): SQL {
  return sql`t.event_id = ${eventId}
        and ${hiddenAllowedSql(unlocked)}
        and ${sql.join(
          typeConditions.map((condition) => condition.sql(quantity)),
          sql` and `,
        )}
        and exists (select 1 from events e join businesses b on b.id = e.business_id
          where e.id = t.event_id and ${sql.join(
            eventConditions.map((condition) => condition.sql),
            sql` and `,
          )})`;
}

/** Refusals that do not depend on what is left: the event's state, limits, sales windows. */
export function checkSaleRules(
  event: EventForSale,
  lines: readonly HoldLine[],
  now: Date,
  unlocked: readonly string[] = noneUnlocked,
): void {
  for (const condition of eventConditions) {
    if (!condition.allows(event, now)) throw condition.refusal(event);
  }
  const several = lines.length > 1;
  lines.forEach((line, index) => {
    const type = event.ticketTypes.find((t) => t.id === line.ticketTypeId);
    if (!type || !typeAllowed(type, unlocked))
      throw new FunctionError("NOT_FOUND", "This ticket type is not sold for this event.");
    for (const condition of typeConditions) {
      if (!condition.allows(type, line.quantity, now)) {
        throw condition.refusal(type, event, { index, several });
      }
    }
  });
}

/**
 * Why a hold found too few tickets, from a fresh read: "Sold out." or "Only 2 tickets
 * left." (per type when several were asked), or null when enough are left after all.
 * `ownHeld` adds back what the caller's hold being replaced would have given back. What
 * is left is the public's share (`publicRemaining`): none while anyone waits in the
 * type's waiting list, not even what the caller gives back (that goes to the list too).
 */
export function shortageError(
  types: readonly TicketTypeForSale[],
  lines: readonly HoldLine[],
  ownHeld: ReadonlyMap<string, number> = new Map(),
): FunctionError | null {
  const several = lines.length > 1;
  for (const line of lines) {
    const type = types.find((t) => t.id === line.ticketTypeId);
    if (!type) continue;
    const givenBack = ownHeld.get(type.id) ?? 0;
    const left = Math.max(0, publicRemaining({ ...type, taken: type.taken - givenBack }));
    if (left >= line.quantity) continue;
    const message = left === 0 ? "Sold out." : `Only ${left} ticket${left === 1 ? "" : "s"} left.`;
    return new FunctionError("FAILED_PRECONDITION", prefixed(type, several, message), {
      reason: left === 0 ? "sold-out" : "few-left",
      ticketTypeId: type.id,
      left,
    });
  }
  return null;
}
