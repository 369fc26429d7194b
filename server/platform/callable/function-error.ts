import { type FunctionStatus, httpCodeOfStatus } from "#contract/function-status.ts";

/**
 * A domain error: a canonical status, a message a person can act on, optional details.
 * `httpCode` overrides the status's HTTP code where an HTTP convention asks for another
 * (422 for an Idempotency-Key reused for a different request); the body keeps the status.
 */
export class FunctionError extends Error {
  readonly status: FunctionStatus;
  readonly details: unknown;
  private readonly httpCodeOverride: number | undefined;

  constructor(
    status: FunctionStatus,
    message: string,
    details?: unknown,
    options: { httpCode?: number } = {},
  ) {
    super(message);
    this.name = "FunctionError";
    this.status = status;
    this.details = details;
    this.httpCodeOverride = options.httpCode;
  }

  get httpCode(): number {
    return this.httpCodeOverride ?? httpCodeOfStatus[this.status];
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
