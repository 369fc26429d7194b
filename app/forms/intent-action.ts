import { type FormFailure, formFailure } from "./form-failure.ts";

/**
 * What one form of a page with several forms answers (each names itself by `intent`):
 * a notice, or the failure with what was typed. `reason` is the refusal's
 * `details.reason`, for forms that react to it.
 */
export type IntentResult =
  | { intent: string; ok: true; notice: string }
  | { intent: string; ok: false; failure: FormFailure; reason?: string };

export type IntentAnswer = { result: IntentResult; status: number };

/**
 * Runs one form's function; a FunctionError becomes that form's field errors, under the
 * form's own field names where `fieldNames` maps a function's path to another name.
 */
export async function runIntentForm(
  intent: string,
  form: FormData,
  run: () => Promise<string>,
  fieldNames: Record<string, string> = {},
): Promise<IntentAnswer> {
  try {
    return { result: { intent, ok: true, notice: await run() }, status: 200 };
  } catch (error) {
    const { failure, status } = formFailure(error, form);
    const fieldErrors: Record<string, string> = {};
    for (const [path, message] of Object.entries(failure.fieldErrors)) {
      fieldErrors[fieldNames[path] ?? path] = message;
    }
    const details = (error as { details?: unknown }).details;
    const reason =
      details && typeof details === "object" && "reason" in details
        ? String((details as { reason: unknown }).reason)
        : undefined;
    return {
      result: {
        intent,
        ok: false,
        failure: { ...failure, fieldErrors },
        ...(reason === undefined ? {} : { reason }),
      },
      status,
    };
  }
}

/** A failure found by the action itself (before any function ran), for one field. */
export function fieldFailure(
  intent: string,
  form: FormData,
  field: string,
  message: string,
): IntentAnswer {
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
