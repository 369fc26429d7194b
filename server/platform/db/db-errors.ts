/** SQLSTATEs the product reacts to. */
export const UNIQUE_VIOLATION = "23505";
export const DEADLOCK = "40P01";

/** The SQLSTATE of a database error, raw (pg, PGlite) or wrapped by Drizzle. */
export function sqlStateOf(error: unknown): string | null {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/** A unique index refused the write (e.g. a phone taken by someone else meanwhile). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === UNIQUE_VIOLATION;
}
