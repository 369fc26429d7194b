import type { FunctionStatus } from "#contract/function-status.ts";
import type { FunctionError } from "./function-error.ts";

/** One call's answer as it goes out: the HTTP code and the exact JSON text of the body. */
export type CallAnswer = { httpCode: number; json: string };

/** An answer just made by running the function; its status says whether a key keeps it. */
export type FreshAnswer = CallAnswer & { status: FunctionStatus | "OK" };

/** JSON text, or undefined for a value JSON cannot hold (too deep, cyclic, BigInt). */
function toJson(value: object): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** `{result}`, or undefined when the result cannot be written as JSON. */
export function resultAnswer(result: unknown): FreshAnswer | undefined {
  const json = toJson({ result: result ?? null });
  return json === undefined ? undefined : { httpCode: 200, json, status: "OK" };
}

/**
 * `{error}`. Details too deep or cyclic to write must not turn a caller's error into a
 * bare 500: the status and message still go out (`detailsDropped` says so, for the log).
 */
export function errorAnswer(error: FunctionError): FreshAnswer & { detailsDropped: boolean } {
  const full = toJson({ error: error.toJSON() });
  const json = full ?? JSON.stringify({ error: { status: error.status, message: error.message } });
  return { httpCode: error.httpCode, json, status: error.status, detailsDropped: !full };
}
