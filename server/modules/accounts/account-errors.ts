import { FunctionError } from "#server/platform/callable/function-error.ts";

/** Sign-in's one answer for every failure: unknown account, wrong password, no password. */
export const signInFailedMessage =
  "The phone number or email and password do not match an account. Check them and try again.";

export function signInFailed(): FunctionError {
  return new FunctionError("UNAUTHENTICATED", signInFailedMessage);
}

/**
 * An account with many wrong passwords lately, from a device it never signed in on: the
 * owner signs in with a one-time code instead (sent to the account's own phone or email).
 */
export function codeRequired(): FunctionError {
  return new FunctionError(
    "FAILED_PRECONDITION",
    "For your safety, this account needs a one-time code to sign in from a new device: someone has been trying wrong passwords. Sign in with a code sent to your phone or email.",
    { reason: "code-required" },
  );
}
