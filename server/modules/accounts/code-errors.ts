import { FunctionError, fieldError } from "#server/platform/callable/function-error.ts";
import type { CodeAttempt } from "./one-time-codes.ts";

/** A failed guess at a code, as a message next to the code field. */
export function codeAttemptError(attempt: Exclude<CodeAttempt, { ok: true }>): FunctionError {
  switch (attempt.reason) {
    case "wrong": {
      const left = attempt.attemptsLeft;
      return left > 0
        ? fieldError(
            "code",
            `That code is not right. ${left} ${left === 1 ? "attempt" : "attempts"} left.`,
            { attemptsLeft: left },
          )
        : exhausted();
    }
    case "exhausted":
      return exhausted();
    case "expired":
      return new FunctionError("FAILED_PRECONDITION", "This code has expired. Ask for a new one.", [
        { path: "code", message: "This code has expired. Ask for a new one.", attemptsLeft: 0 },
      ]);
    case "used":
      return new FunctionError("FAILED_PRECONDITION", "This code has already been used.", [
        { path: "code", message: "This code has already been used.", attemptsLeft: 0 },
      ]);
    case "missing":
      return new FunctionError("NOT_FOUND", "There is no code to check. Please start again.");
  }
}

function exhausted(): FunctionError {
  const message = "Too many wrong codes. Ask for a new code.";
  return new FunctionError("FAILED_PRECONDITION", message, [
    { path: "code", message, attemptsLeft: 0 },
  ]);
}
