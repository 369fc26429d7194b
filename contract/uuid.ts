/**
 * The text of a row id (a uuid in its canonical 8-4-4-4-12 hex form), for PostgreSQL's
 * case-insensitive `~*` where SQL must test a value before casting it to `uuid`.
 */
export const uuidPatternText = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";

const uuidPattern = new RegExp(uuidPatternText, "i");

/**
 * Whether `id` can be a row id. Checked before a query because a malformed id would make
 * PostgreSQL fail the cast (an error), not miss (a clean "not found").
 */
export function isUuid(id: string): boolean {
  return uuidPattern.test(id);
}
