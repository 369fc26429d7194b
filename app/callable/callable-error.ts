import { type CallableErrorCode, codeForHttpStatus } from "./error-codes.ts";

/** A failed call: a code to branch on, a message a person can read, the server's details. */
export class CallableError extends Error {
  readonly code: CallableErrorCode;
  readonly details: unknown;
  /** The answer's HTTP status; 0 when no answer arrived. */
  readonly httpStatus: number;

  constructor(code: CallableErrorCode, message: string, details?: unknown, httpStatus = 0) {
    super(message);
    this.name = "CallableError";
    this.code = code;
    this.details = details;
    this.httpStatus = httpStatus;
  }
}

export function cancelledError(): CallableError {
  return new CallableError("cancelled", "The call was cancelled.");
}

export function deadlineError(timeoutMs: number): CallableError {
  return new CallableError(
    "deadline-exceeded",
    `The server did not answer in time (${timeoutMs} ms). Please try again.`,
  );
}

/** No answer at all: offline, DNS, refused, reset. HTTP status 0 in the seed's table. */
export function unreachableError(): CallableError {
  return new CallableError(
    codeForHttpStatus(0),
    "Could not reach the server. Check your connection and try again.",
  );
}
