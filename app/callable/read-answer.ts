import { CallableError } from "./callable-error.ts";
import { type CallableErrorCode, codeForHttpStatus, codeForStatus } from "./error-codes.ts";

export const NOT_JSON_MESSAGE = "Response is not valid JSON object.";
export const MISSING_DATA_MESSAGE = "Response is missing data field.";

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The error an answer carries, or null for a success. The HTTP status gives a first
 * code; an `error.status` in the body names the canonical status and wins, as in the
 * Firebase client, so FAILED_PRECONDITION (HTTP 400) reads as failed-precondition.
 */
export function errorForResponse(httpStatus: number, body: unknown): CallableError | null {
  const succeeded = httpStatus >= 200 && httpStatus < 300;
  let code: CallableErrorCode | null = succeeded ? null : codeForHttpStatus(httpStatus);
  let message: string | undefined;
  let details: unknown;
  const error = isJsonObject(body) ? body.error : undefined;
  if (isJsonObject(error)) {
    if (typeof error.status === "string") {
      // Like the Firebase client: an explicit OK is a success, whatever the HTTP status.
      const named = error.status === "OK" ? null : codeForStatus(error.status);
      if (named === undefined) {
        const unknown = `Unknown backend error status: ${error.status}`;
        return new CallableError("internal", unknown, undefined, httpStatus);
      }
      code = named;
    }
    if (typeof error.message === "string") message = error.message;
    details = error.details;
  }
  if (code === null) return null;
  return new CallableError(code, message ?? code, details, httpStatus);
}

/** The value of a successful answer: `data`, or `result` as our server writes it. */
export function valueOfAnswer(body: unknown): unknown {
  if (!isJsonObject(body)) throw new CallableError("internal", NOT_JSON_MESSAGE);
  const value = body.data !== undefined ? body.data : body.result;
  if (value === undefined) throw new CallableError("internal", MISSING_DATA_MESSAGE);
  return value;
}

/** A whole answer, as text: its value, or its error thrown as a CallableError. */
export function readAnswer(httpStatus: number, text: string): unknown {
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: an error status still says what went wrong; a 2xx is malformed.
  }
  const failure = errorForResponse(httpStatus, body);
  if (failure) throw failure;
  return valueOfAnswer(body);
}
