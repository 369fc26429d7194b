import { type SQL, sql } from "drizzle-orm";
import type { CodeDiscount } from "#contract/event-codes.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

/** A code as the rules need it: what it takes off, its limits, its window, its types. */
export type CodeRule = {
  id: string;
  eventId: string;
  /** As stored: upper case. */
  code: string;
  discount: CodeDiscount;
  maxUses: number | null;
  maxPerPerson: number | null;
  validFrom: Date | null;
  validUntil: Date | null;
  ticketTypeIds: string[];
  createdAt: Date;
};

export type CodeRow = {
  id: string;
  event_id: string;
  code: string;
  discount_kind: CodeDiscount["kind"];
  discount_value: number;
  max_uses: number | null;
  max_per_person: number | null;
  valid_from: string | Date | null;
  valid_until: string | Date | null;
  ticket_type_ids: string[] | string;
  created_at: string | Date;
};

/** The columns `codeRuleOf` reads, for statements over `event_codes c`. */
export const codeColumns = sql`c.id, c.event_id, c.code, c.discount_kind, c.discount_value,
  c.max_uses, c.max_per_person, c.valid_from, c.valid_until, c.ticket_type_ids::text[] as ticket_type_ids,
  c.created_at`;

const dateOrNull = (value: string | Date | null) => (value === null ? null : new Date(value));
const numberOrNull = (value: number | null) => (value === null ? null : Number(value));

/** A uuid[] as text: an array on node-postgres, `{a,b}` text on some drivers. */
function idsOf(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, "");
  return inner ? inner.split(",") : [];
}

export function discountOf(kind: CodeDiscount["kind"], value: number): CodeDiscount {
  if (kind === "percent") return { kind, percent: Number(value) };
  if (kind === "fixed") return { kind, amountMinor: Number(value) };
  return { kind: "none" };
}

/** The stored form of a discount: its kind and its one number (0 for `none`). */
export function discountColumns(discount: CodeDiscount): {
  kind: CodeDiscount["kind"];
  value: number;
} {
  if (discount.kind === "percent") return { kind: "percent", value: discount.percent };
  if (discount.kind === "fixed") return { kind: "fixed", value: discount.amountMinor };
  return { kind: "none", value: 0 };
}

export function codeRuleOf(row: CodeRow): CodeRule {
  return {
    id: row.id,
    eventId: row.event_id,
    code: row.code,
    discount: discountOf(row.discount_kind, row.discount_value),
    maxUses: numberOrNull(row.max_uses),
    maxPerPerson: numberOrNull(row.max_per_person),
    validFrom: dateOrNull(row.valid_from),
    validUntil: dateOrNull(row.valid_until),
    ticketTypeIds: idsOf(row.ticket_type_ids),
    createdAt: new Date(row.created_at),
  };
}

/**
 * The code `code` (already normalized) of event `eventId`, or null. `lock`: its row is
 * locked (`for update`) until the transaction ends, which is how a use is taken
 * (code-uses.ts).
 */
export async function findCode(
  db: Executor,
  eventId: string,
  code: string,
  options: { lock?: boolean } = {},
): Promise<CodeRule | null> {
  const lock: SQL = options.lock ? sql`for update` : sql``;
  const [row] = await rowsOf<CodeRow>(
    db,
    sql`select ${codeColumns} from event_codes c
      where c.event_id = ${eventId}::uuid and c.code = ${code} ${lock}`,
  );
  return row ? codeRuleOf(row) : null;
}
