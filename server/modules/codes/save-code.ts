import { sql } from "drizzle-orm";
import type { EventCodeView } from "#contract/event-codes.ts";
import { requireOwnedEvent } from "#server/modules/events/event-ownership.ts";
import { checkEventTicketTypeIds } from "#server/modules/events/event-ticket-type-ids.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { isUniqueViolation } from "#server/platform/db/db-errors.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import type { SaveCodeInput } from "./code-input.ts";
import { type CodeRow, codeColumns, codeRuleOf, discountColumns } from "./code-rule.ts";
import { countUses } from "./code-uses.ts";
import { codeView } from "./codes-view.ts";

const codeNotFound = () => new FunctionError("NOT_FOUND", "Code not found.");

/**
 * Creates (no `id`) or changes one of the caller's event's codes (`codes.save`). A change
 * leaves the holds and bookings made with the code as they were (their prices are
 * written on them); only holds made after it see the new rules. Two codes of one event
 * may not be the same, whatever their case: ALREADY_EXISTS.
 */
export async function saveCode(
  db: Executor,
  userId: string,
  input: SaveCodeInput,
): Promise<EventCodeView> {
  const { event } = await requireOwnedEvent(db, userId, input.eventId);
  const ticketTypeIds = [...new Set(input.ticketTypeIds)];
  await checkEventTicketTypeIds(db, event.id, ticketTypeIds);
  const discount = discountColumns(input.discount);
  const values = sql`${input.code}, ${discount.kind}, ${discount.value}, ${input.maxUses},
    ${input.maxPerPerson}, ${input.validFrom}::timestamptz, ${input.validUntil}::timestamptz,
    ${sql`array[${sql.join(
      ticketTypeIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::uuid[]`}`;
  let rows: CodeRow[];
  try {
    rows = await rowsOf<CodeRow>(
      db,
      input.id
        ? sql`update event_codes c set (code, discount_kind, discount_value, max_uses,
              max_per_person, valid_from, valid_until, ticket_type_ids, updated_at)
            = (${values}, now())
            where c.id = ${input.id}::uuid and c.event_id = ${event.id}
            returning ${codeColumns}`
        : sql`insert into event_codes as c (event_id, code, discount_kind, discount_value,
              max_uses, max_per_person, valid_from, valid_until, ticket_type_ids)
            values (${event.id}, ${values})
            returning ${codeColumns}`,
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new FunctionError("ALREADY_EXISTS", `This event already has the code ${input.code}.`, [
      { path: "code", message: `This event already has the code ${input.code}.` },
    ]);
  }
  const [row] = rows;
  if (!row) throw codeNotFound();
  const code = codeRuleOf(row);
  const uses = input.id ? (await countUses(db, code.id, null)).all : 0;
  return codeView(event, code, uses);
}

/**
 * Removes a code (`codes.remove`). Its holds keep their prices (`holds.code_id` becomes
 * null), its bookings keep the code's text (`bookings.code`).
 */
export async function removeCode(
  db: Executor,
  userId: string,
  input: { eventId: string; id: string },
): Promise<{ removed: true }> {
  const { event } = await requireOwnedEvent(db, userId, input.eventId);
  const removed = await rowsOf<{ id: string }>(
    db,
    sql`delete from event_codes where id = ${input.id}::uuid and event_id = ${event.id}
      returning id`,
  );
  if (removed.length === 0) throw codeNotFound();
  return { removed: true };
}
