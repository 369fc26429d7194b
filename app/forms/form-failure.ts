/**
 * A function's refusal, as an action gives it back to its form: the message, one error per
 * field, and what was typed (passwords excepted) so nothing is lost when the page is
 * rendered again without JavaScript.
 */
export type FormFailure = {
  message: string;
  /** Canonical status of the refusal, e.g. RESOURCE_EXHAUSTED. */
  status: string;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
  attemptsLeft?: number;
  retryAfterSeconds?: number;
  /** The refusal's `details.reason`, for screens that offer a way on (e.g. code-required). */
  reason?: string;
};

type FunctionErrorLike = { status: string; message: string; details?: unknown; httpCode: number };

/** The server's FunctionError (the class lives on the server; pages see its shape). */
export function isFunctionError(error: unknown): error is FunctionErrorLike {
  return (
    error instanceof Error &&
    typeof (error as Partial<FunctionErrorLike>).status === "string" &&
    typeof (error as Partial<FunctionErrorLike>).httpCode === "number"
  );
}

const secretFields = new Set(["password", "code"]);

/** The typed values of a form, minus secrets (passwords and codes are typed again). */
export function keptValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value === "string" && !secretFields.has(key)) values[key] = value;
  }
  return values;
}

/** Maps a FunctionError to a form failure and its HTTP status; anything else is rethrown. */
export function formFailure(
  error: unknown,
  form: FormData,
): { failure: FormFailure; status: number } {
  if (!isFunctionError(error)) throw error;
  const fieldErrors: Record<string, string> = {};
  let attemptsLeft: number | undefined;
  let retryAfterSeconds: number | undefined;
  let reason: string | undefined;
  const details = error.details;
  if (Array.isArray(details)) {
    for (const item of details as { path?: unknown; message?: unknown; attemptsLeft?: unknown }[]) {
      const path = typeof item.path === "string" ? item.path.split(".")[0] : undefined;
      if (path && typeof item.message === "string" && !fieldErrors[path]) {
        fieldErrors[path] = item.message;
      }
      if (typeof item.attemptsLeft === "number") attemptsLeft = item.attemptsLeft;
    }
  } else if (details && typeof details === "object") {
    const wait = (details as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (typeof wait === "number") retryAfterSeconds = wait;
    const why = (details as { reason?: unknown }).reason;
    if (typeof why === "string") reason = why;
  }
  return {
    failure: {
      message: error.message,
      status: error.status,
      fieldErrors,
      values: keptValues(form),
      ...(attemptsLeft === undefined ? {} : { attemptsLeft }),
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
      ...(reason === undefined ? {} : { reason }),
    },
    status: error.httpCode,
  };
}

/** A form field's text, or "" when absent or a file. */
export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** The message for the top of the form, when no field carries it already. */
export function generalMessage(failure: FormFailure | undefined): string | null {
  if (!failure || Object.keys(failure.fieldErrors).length > 0) return null;
  return failure.message;
}
