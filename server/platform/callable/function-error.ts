import { type FunctionStatus, httpCodeOfStatus } from "#contract/function-status.ts";

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
