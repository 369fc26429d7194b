import { FunctionError } from "../../platform/callable/function-error.ts";

/** INVALID_ARGUMENT with one field's message, in the shape the registry gives zod issues. */
export function fieldError(path: string, message: string): FunctionError {
  return new FunctionError("INVALID_ARGUMENT", message, [{ path, message }]);
}

/** PostgreSQL's unique_violation, whether raw (pg, PGlite) or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
