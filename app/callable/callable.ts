import type { AppFunctions } from "#server/functions.ts";
import type { FunctionTypes } from "#server/platform/callable/define-function.ts";
import type { testFunctions } from "#server/platform/callable/test-functions.ts";
import { startCallDeadline } from "./call-deadline.ts";
import {
  type CallableOptions,
  type CallOptions,
  callRequest,
  DEFAULT_TIMEOUT_MS,
  functionUrl,
} from "./call-request.ts";
import { type StreamingCall, streamCall } from "./call-stream.ts";
import { CallableError, unreachableError } from "./callable-error.ts";
import { readAnswer } from "./read-answer.ts";

export type { CallableOptions, CallOptions } from "./call-request.ts";
export type { StreamingCall } from "./call-stream.ts";
export { CallableError } from "./callable-error.ts";
export type { CallableErrorCode } from "./error-codes.ts";

/** Name → input and output of each function, as `FunctionTypes` derives it. */
export type FunctionMap = { [name: string]: { input: unknown; output: unknown } };

/** What the named function of the server answers: pages name it so rather than import the server. */
export type FunctionOutput<N extends keyof AppFunctions> = AppFunctions[N]["output"];

/** The functions that exist only under NODE_ENV=test, for the protocol's tests. */
export type TestFunctions = FunctionTypes<typeof testFunctions>;

/** Data may be left out when the function accepts none. */
type CallArgs<Input, Options> = undefined extends Input
  ? [data?: Input, options?: Options]
  : [data: Input, options?: Options];

export type Callable<F extends FunctionMap[string]> = {
  (...args: CallArgs<F["input"], CallOptions>): Promise<F["output"]>;
  /** Streamed messages as they come, and the final result. No time limit unless given. */
  stream(...args: CallArgs<F["input"], CallOptions>): StreamingCall<F["output"]>;
};

/**
 * A named function of the server, to call from a page: `callable("events.list")(data)`.
 * Names and data are checked against `AppFunctions`; another map can be named as the
 * first type argument (with the name as the second), or bound with `callableClient`.
 */
export function callable<
  M extends FunctionMap = AppFunctions,
  N extends keyof M & string = keyof M & string,
>(name: N, defaults: CallableOptions = {}): Callable<M[N]> {
  const call = (data?: unknown, options?: CallOptions) =>
    invokeCall(name, data, { ...defaults, ...options });
  const stream = (data?: unknown, options?: CallOptions) =>
    streamCall(name, data, { ...defaults, ...options });
  return Object.assign(call, { stream }) as Callable<M[N]>;
}

/** `callable` bound to one function map and one set of defaults (base URL, tokens). */
export function callableClient<M extends FunctionMap = AppFunctions>(
  defaults: CallableOptions = {},
) {
  return <N extends keyof M & string>(name: N, options: CallableOptions = {}) =>
    callable<M, N>(name, { ...defaults, ...options });
}

/** One plain call: POST, then the answer's value or its error as a CallableError. */
async function invokeCall(name: string, data: unknown, options: CallableOptions) {
  const deadline = startCallDeadline(options.timeout ?? DEFAULT_TIMEOUT_MS, options.signal);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  let status: number;
  let text: string;
  try {
    const response = await fetchImpl(functionUrl(options.baseUrl, name), {
      ...callRequest(data, options, false),
      signal: deadline.signal,
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    throw deadline.failure() ?? (error instanceof CallableError ? error : unreachableError());
  } finally {
    deadline.finish();
  }
  return readAnswer(status, text);
}
