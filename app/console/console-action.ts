import { type FormFailure, formFailure } from "~/accounts/form-failure";

/** What one console form's action answers: a notice, or the failure with what was typed. */
export type ConsoleResult =
  | { intent: string; ok: true; notice: string }
  | { intent: string; ok: false; failure: FormFailure; reason?: string };

/**
 * The function's field paths that the form names differently (the form takes a price in
 * major units, the function in minor units; the file input carries the image's bytes).
 */
const formNameOfPath: Record<string, string> = { priceMinor: "price", dataBase64: "cover" };

/** Runs one form's function; a FunctionError becomes that form's field errors. */
export async function runConsoleForm(
  intent: string,
  form: FormData,
  run: () => Promise<string>,
): Promise<{ result: ConsoleResult; status: number }> {
  try {
    return { result: { intent, ok: true, notice: await run() }, status: 200 };
  } catch (error) {
    const { failure, status } = formFailure(error, form);
    const fieldErrors: Record<string, string> = {};
    for (const [path, message] of Object.entries(failure.fieldErrors)) {
      fieldErrors[formNameOfPath[path] ?? path] = message;
    }
    const details = (error as { details?: unknown }).details;
    const reason =
      details && typeof details === "object" && "reason" in details
        ? String((details as { reason: unknown }).reason)
        : undefined;
    return {
      result: { intent, ok: false, failure: { ...failure, fieldErrors }, reason },
      status,
    };
  }
}

/** A failure made in the action itself (before any function ran), for one field. */
export function fieldFailure(
  intent: string,
  form: FormData,
  field: string,
  message: string,
): { result: ConsoleResult; status: number } {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] = value;
  return {
    result: {
      intent,
      ok: false,
      failure: { message, status: "INVALID_ARGUMENT", fieldErrors: { [field]: message }, values },
    },
    status: 400,
  };
}
