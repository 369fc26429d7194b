/**
 * The canonical statuses of the callable protocol and the HTTP code each answers with.
 * One table for the server; the page client keeps the seed's HTTP-to-code table.
 */
export const httpCodeOfStatus = {
  OK: 200,
  CANCELLED: 499,
  UNKNOWN: 500,
  INVALID_ARGUMENT: 400,
  DEADLINE_EXCEEDED: 504,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  PERMISSION_DENIED: 403,
  RESOURCE_EXHAUSTED: 429,
  FAILED_PRECONDITION: 400,
  ABORTED: 409,
  OUT_OF_RANGE: 400,
  UNIMPLEMENTED: 501,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DATA_LOSS: 500,
  UNAUTHENTICATED: 401,
} as const;

export type FunctionStatus = Exclude<keyof typeof httpCodeOfStatus, "OK">;

/** A domain error: a canonical status, a message a person can act on, optional details. */
export class FunctionError extends Error {
  readonly status: FunctionStatus;
  readonly details: unknown;

  constructor(status: FunctionStatus, message: string, details?: unknown) {
    super(message);
    this.name = "FunctionError";
    this.status = status;
    this.details = details;
  }

  get httpCode(): number {
    return httpCodeOfStatus[this.status];
  }

  toJSON(): { status: FunctionStatus; message: string; details?: unknown } {
    return this.details === undefined
      ? { status: this.status, message: this.message }
      : { status: this.status, message: this.message, details: this.details };
  }
}

/** What a caller sees for an unexpected failure: no internals. */
export function internalError(): FunctionError {
  return new FunctionError("INTERNAL", "Something went wrong on our side. Please try again.");
}

/** INVALID_ARGUMENT with one field's message, in the shape the registry gives zod issues. */
export function fieldError(
  path: string,
  message: string,
  extra?: Record<string, unknown>,
): FunctionError {
  return new FunctionError("INVALID_ARGUMENT", message, [{ path, message, ...extra }]);
}
