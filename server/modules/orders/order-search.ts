import { type SQL, sql } from "drizzle-orm";

/** `%text%` for LIKE, with the caller's own `%`, `_` and `\` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Whether booking `b` (buyer `u`) matches what the organiser typed: part of its reference
 * (with or without its hyphen), of the buyer's name or email, or, with 3 digits or more,
 * of their phone number as digits (so "07700 900123" finds "+447700900123" once the
 * leading 0 is dropped by the typist or not). Null when nothing was typed.
 */
export function orderSearchSql(query: string | undefined): SQL | null {
  const text = query?.trim() ?? "";
  if (!text) return null;
  const like = containing(text);
  const compact = containing(text.replace(/[\s-]/g, "").toUpperCase());
  const digits = text.replace(/\D/g, "").replace(/^0+/, "");
  const phone =
    digits.length >= 3
      ? sql` or regexp_replace(coalesce(b.contact_phone, u.phone, ''), '\\D', '', 'g') like ${containing(digits)}`
      : sql``;
  return sql`(replace(b.reference, '-', '') like ${compact}
    or u.name ilike ${like}
    or coalesce(b.contact_email, u.email, '') ilike ${like}${phone})`;
}
