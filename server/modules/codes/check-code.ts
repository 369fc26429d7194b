import { asc, eq, sql } from "drizzle-orm";
import type { CodeCheckAnswer, CodeDiscount, CodeTypePrice } from "#contract/event-codes.ts";
import { codeAppliesTo, ticketDiscountMinor } from "#contract/event-codes.ts";
import { moneyText } from "#contract/money-text.ts";
import { type PlatformFee, ticketPriceParts } from "#contract/pricing.ts";
import { isUuid } from "#contract/uuid.ts";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { shortIdFromPathSegment } from "#server/modules/events/event-ids.ts";
import { publicTicketType } from "#server/modules/events/event-page.service.ts";
import { events, ticketTypes } from "#server/modules/events/events.schema.ts";
import { listWaitingSql } from "#server/modules/events/waiting-list-gate.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type { RateRule } from "#server/platform/rate-limit/rate-limiter.ts";
import { codeNotValid, usesRefusal, windowRefusal } from "./code-refusals.ts";
import { findCode } from "./code-rule.ts";
import { countUses } from "./code-uses.ts";

/**
 * Checks from one address of one event: a buyer mistyping a few times, never a guessing
 * loop (going over blocks the pair for a minute, doubling with each further strike).
 */
export const checkCodeRule: RateRule = {
  name: "codes.check.address",
  limit: 20,
  windowSeconds: 60,
  blockSeconds: 60,
};

const eventNotFound = () => new FunctionError("NOT_FOUND", "Event not found.");

/** The public event `ref` names (uuid or short id): drafts and suspended businesses are NOT_FOUND. */
async function publicEvent(db: Executor, ref: string) {
  const shortId = isUuid(ref) ? null : shortIdFromPathSegment(ref);
  if (!isUuid(ref) && !shortId) throw eventNotFound();
  const [found] = await db
    .select({ event: events, businessStatus: businesses.status })
    .from(events)
    .innerJoin(businesses, eq(businesses.id, events.businessId))
    .where(shortId ? eq(events.shortId, shortId) : eq(events.id, ref));
  if (found?.businessStatus !== "active" || found.event.status === "draft") {
    throw eventNotFound();
  }
  return found.event;
}

function discountText(discount: CodeDiscount, currency: string): string | null {
  if (discount.kind === "percent") return `${discount.percent} % off`;
  if (discount.kind === "fixed") return `${moneyText(discount.amountMinor, currency)} off`;
  return null;
}

/** "20 % off Standard", "Unlocks Press", "€5.00 off every ticket; unlocks Press". */
function summaryOf(
  discount: CodeDiscount,
  applies: readonly { name: string; hidden: boolean; currency: string }[],
  everyType: boolean,
): string {
  const off = discountText(discount, applies[0]?.currency ?? "EUR");
  const hidden = applies.filter((type) => type.hidden).map((type) => type.name);
  const names = everyType ? "every ticket" : applies.map((type) => type.name).join(", ");
  const parts = [
    off ? `${off} ${names}` : null,
    hidden.length > 0 ? `${off ? "unlocks" : "Unlocks"} ${hidden.join(", ")}` : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join("; ") : "Valid for this event";
}

/**
 * What a code does for this event now (`codes.check`, anyone): its discount, the price of
 * every type it applies to after it (all-in as the event page shows prices, with the
 * platform's `fee`), and the hidden types it unlocks as the public page shows types.
 * Refused as a hold with it would be, except the person's limit (the caller may not be
 * signed in; the hold says it).
 */
export async function checkCode(
  db: Executor,
  input: { eventId: string; code: string },
  options: { now: Date; fee: PlatformFee; limit?: (eventId: string) => Promise<void> },
): Promise<CodeCheckAnswer> {
  const event = await publicEvent(db, input.eventId);
  // Counted per event (its uuid), however the caller names it.
  await options.limit?.(event.id);
  const code = await findCode(db, event.id, input.code);
  if (!code) throw codeNotValid();
  const closed = windowRefusal(code, options.now, event.timeZone);
  if (closed) throw closed;
  if (code.maxUses !== null) {
    const usedUp = usesRefusal(code, { all: (await countUses(db, code.id, null)).all, mine: null });
    if (usedUp) throw usedUp;
  }
  const tickets = await db
    .select({
      row: ticketTypes,
      listWaiting: sql<boolean>`${listWaitingSql(sql`${ticketTypes.id}`)}`,
    })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, event.id))
    .orderBy(asc(ticketTypes.position), asc(ticketTypes.createdAt));
  const applies = tickets.filter(({ row }) => codeAppliesTo(code, row));
  const tax = { rateBp: event.taxRateBp, inclusive: event.taxInclusive };
  const prices = applies.map(({ row }): CodeTypePrice => {
    const discountMinor = ticketDiscountMinor(row.priceMinor, code.discount);
    const priceMinor = row.priceMinor - discountMinor;
    const parts = ticketPriceParts(priceMinor, {
      card: row.paymentMethod === "card",
      fee: options.fee,
      tax,
    });
    return { ticketTypeId: row.id, discountMinor, priceMinor, allInPriceMinor: parts.allInMinor };
  });
  return {
    code: code.code,
    discount: code.discount,
    summary: summaryOf(
      code.discount,
      applies.map(({ row }) => row),
      code.ticketTypeIds.length === 0,
    ),
    prices,
    hiddenTypes: applies
      .filter(({ row }) => row.hidden)
      .map((ticket) => publicTicketType(event, ticket, { fee: options.fee, tax }, options.now)),
  };
}
