import { sql } from "drizzle-orm";
import type { EventCodesView, EventCodeView } from "#contract/event-codes.ts";
import { ticketCurrencies } from "#contract/event-options.ts";
import { eventPath } from "#server/modules/events/event-ids.ts";
import { requireOwnedEvent } from "#server/modules/events/event-ownership.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type CodeRow, type CodeRule, codeColumns, codeRuleOf } from "./code-rule.ts";
import { usesOfEvent } from "./code-uses.ts";

/** The event page with the code applied: `/{slug}-{shortId}?code=…`. */
export function codeLink(event: { title: string; shortId: string }, code: string): string {
  return `${eventPath(event)}?code=${encodeURIComponent(code)}`;
}

/** A code as the organiser sees it. */
export function codeView(
  event: { title: string; shortId: string },
  code: CodeRule,
  uses: number,
): EventCodeView {
  return {
    id: code.id,
    code: code.code,
    discount: code.discount,
    maxUses: code.maxUses,
    maxPerPerson: code.maxPerPerson,
    validFrom: code.validFrom?.toISOString() ?? null,
    validUntil: code.validUntil?.toISOString() ?? null,
    ticketTypeIds: code.ticketTypeIds,
    uses,
    link: codeLink(event, code.code),
    createdAt: code.createdAt.toISOString(),
  };
}

type TypeRow = { id: string; name: string; hidden: boolean; price_minor: number; currency: string };

/**
 * An event's codes for its owner (`codes.forEvent`; NOT_FOUND "Event not found." for
 * anyone else): its ticket types (hidden ones too: the codes may unlock them) and each
 * code with its uses now, oldest first. Three reads, none per code.
 */
export async function eventCodesView(
  db: Executor,
  userId: string,
  eventId: string,
): Promise<EventCodesView> {
  const { event } = await requireOwnedEvent(db, userId, eventId);
  const [types, codes, uses] = await Promise.all([
    rowsOf<TypeRow>(
      db,
      sql`select id, name, hidden, price_minor, currency from ticket_types
        where event_id = ${event.id} order by position, created_at`,
    ),
    rowsOf<CodeRow>(
      db,
      sql`select ${codeColumns} from event_codes c
        where c.event_id = ${event.id} order by c.created_at, c.code`,
    ),
    usesOfEvent(db, event.id),
  ]);
  return {
    eventId: event.id,
    shortId: event.shortId,
    title: event.title,
    timeZone: event.timeZone,
    currency: types[0]?.currency ?? ticketCurrencies[0],
    ticketTypes: types.map((type) => ({
      id: type.id,
      name: type.name,
      hidden: type.hidden,
      priceMinor: Number(type.price_minor),
    })),
    codes: codes.map((row) => {
      const code = codeRuleOf(row);
      return codeView(event, code, uses.get(code.id) ?? 0);
    }),
  };
}
