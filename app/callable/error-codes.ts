import type { FunctionStatus } from "#contract/function-status.ts";

/** `FAILED_PRECONDITION` → `failed-precondition`: the client's spelling of a status. */
type CodeOf<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Lowercase<Head>}-${CodeOf<Tail>}`
  : Lowercase<S>;

/** The error codes a caller sees, one per canonical status the server can answer with. */
export type CallableErrorCode = CodeOf<FunctionStatus>;

/**
 * Canonical status (as the server writes it in `error.status`) → code. Typed against the
 * server's status list, so a status added there fails to compile here until it is mapped.
 */
const codeOfStatus = {
  CANCELLED: "cancelled",
  UNKNOWN: "unknown",
  INVALID_ARGUMENT: "invalid-argument",
  DEADLINE_EXCEEDED: "deadline-exceeded",
  NOT_FOUND: "not-found",
  ALREADY_EXISTS: "already-exists",
  PERMISSION_DENIED: "permission-denied",
  RESOURCE_EXHAUSTED: "resource-exhausted",
  FAILED_PRECONDITION: "failed-precondition",
  ABORTED: "aborted",
  OUT_OF_RANGE: "out-of-range",
  UNIMPLEMENTED: "unimplemented",
  INTERNAL: "internal",
  UNAVAILABLE: "unavailable",
  DATA_LOSS: "data-loss",
  UNAUTHENTICATED: "unauthenticated",
} as const satisfies { [S in FunctionStatus]: CodeOf<S> };

/** The code of a canonical status, or undefined for a status the protocol does not know. */
export function codeForStatus(status: string): CallableErrorCode | undefined {
  return Object.hasOwn(codeOfStatus, status) ? codeOfStatus[status as FunctionStatus] : undefined;
}

/**
 * The seed's table (section 8): what an HTTP status means when the answer does not name
 * its canonical status. 0 is a request that got no answer at all.
 */
const codeOfHttpStatus: Readonly<Record<number, CallableErrorCode>> = {
  0: "internal",
  400: "invalid-argument",
  401: "unauthenticated",
  403: "permission-denied",
  404: "not-found",
  409: "aborted",
  429: "resource-exhausted",
  499: "cancelled",
  500: "internal",
  501: "unimplemented",
  503: "unavailable",
  504: "deadline-exceeded",
};

export function codeForHttpStatus(httpStatus: number): CallableErrorCode {
  return codeOfHttpStatus[httpStatus] ?? "unknown";
}
