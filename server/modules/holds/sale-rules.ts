import { formatEventTime } from "#contract/event-time.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { EventForSale, TicketTypeForSale } from "./event-for-sale.ts";
import type { HoldLine } from "./hold-statements.ts";

function prefixed(type: TicketTypeForSale, several: boolean, message: string): string {
  return several ? `${type.name}: ${message.charAt(0).toLowerCase()}${message.slice(1)}` : message;
}

/** Refusals that do not depend on what is left: the event's state, limits, sales windows. */
export function checkSaleRules(event: EventForSale, lines: readonly HoldLine[], now: Date): void {
  if (event.status === "cancelled") {
    throw new FunctionError("FAILED_PRECONDITION", "This event was cancelled.", {
      reason: "event-cancelled",
    });
  }
  if (!event.businessActive) {
    throw new FunctionError("FAILED_PRECONDITION", "This event is not on sale.", {
      reason: "not-on-sale",
    });
  }
  if (event.endsAt <= now) {
    throw new FunctionError("FAILED_PRECONDITION", "This event has ended.", {
      reason: "event-ended",
    });
  }
  const several = lines.length > 1;
  lines.forEach((line, index) => {
    const type = event.ticketTypes.find((t) => t.id === line.ticketTypeId);
    if (!type) throw new FunctionError("NOT_FOUND", "This ticket type is not sold for this event.");
    if (line.quantity > type.perOrderLimit) {
      const message = prefixed(type, several, `At most ${type.perOrderLimit} tickets per order.`);
      throw new FunctionError("INVALID_ARGUMENT", message, [
        { path: `items.${index}.quantity`, message },
      ]);
    }
    if (type.salesStartAt && type.salesStartAt > now) {
      const when = formatEventTime(type.salesStartAt, event.timeZone, { weekday: false });
      throw new FunctionError(
        "FAILED_PRECONDITION",
        prefixed(type, several, `Sales open on ${when}.`),
        {
          reason: "not-started",
          ticketTypeId: type.id,
          salesStartAt: type.salesStartAt.toISOString(),
        },
      );
    }
    if (type.salesEndAt && type.salesEndAt <= now) {
      throw new FunctionError("FAILED_PRECONDITION", prefixed(type, several, "Sales have ended."), {
        reason: "sales-ended",
        ticketTypeId: type.id,
      });
    }
  });
}

/**
 * Why a hold found too few tickets, from a fresh read: "Sold out." or "Only 2 tickets
 * left." (per type when several were asked), or null when enough are left after all.
 * `ownHeld` adds back what the caller's hold being replaced would have given back.
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
    const left = Math.max(0, type.capacity - type.taken + (ownHeld.get(type.id) ?? 0));
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
