/**
 * The canonical statuses of the callable protocol and the HTTP code each answers with.
 * The server answers with them; the page client maps each to its error code
 * (`app/callable/error-codes.ts`), typed against this list so a new status must be mapped.
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
