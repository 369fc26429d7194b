import { FunctionError } from "#server/platform/callable/function-error.ts";

/** The FunctionError a call was refused with; fails the test when it succeeds or throws else. */
export async function refusal(promise: Promise<unknown>): Promise<FunctionError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof FunctionError)) throw new Error(`expected a FunctionError, got ${error}`);
  return error;
}

/** The field paths of an INVALID_ARGUMENT refusal's details (`[{ path, message }]`). */
export function refusedPaths(error: FunctionError): string[] {
  const details = Array.isArray(error.details) ? (error.details as { path?: unknown }[]) : [];
  return details.map((d) => String(d.path));
}
