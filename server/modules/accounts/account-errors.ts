import { FunctionError } from "../../platform/callable/function-error.ts";

/** INVALID_ARGUMENT with one field's message, in the shape the registry uses for schemas. */
export function fieldError(path: string, message: string, extra?: Record<string, unknown>) {
  return new FunctionError("INVALID_ARGUMENT", message, [{ path, message, ...extra }]);
}

/** Sign-in's one answer for every failure: unknown account, wrong password, no password. */
export const signInFailedMessage =
  "The phone number or email and password do not match an account. Check them and try again.";

export function signInFailed(): FunctionError {
  return new FunctionError("UNAUTHENTICATED", signInFailedMessage);
}

/** Postgres unique violation (e.g. a phone registered by someone else meanwhile). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
