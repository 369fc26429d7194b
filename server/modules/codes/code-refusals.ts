import { formatEventTime } from "#contract/event-time.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { CodeRule } from "./code-rule.ts";

/** Unknown, removed, or another event's code: one answer, so codes cannot be probed across events. */
export function codeNotValid(): FunctionError {
  return new FunctionError("NOT_FOUND", "This code is not valid for this event.");
}

/** Why a code cannot be used at `now`, by its window (valid from, until), or null. */
export function windowRefusal(
  code: Pick<CodeRule, "validFrom" | "validUntil">,
  now: Date,
  timeZone: string,
): FunctionError | null {
  if (code.validFrom && code.validFrom > now) {
    const when = formatEventTime(code.validFrom, timeZone, { weekday: false });
    return new FunctionError("FAILED_PRECONDITION", `This code is valid from ${when}.`, {
      reason: "not-yet",
      validFrom: code.validFrom.toISOString(),
    });
  }
  if (code.validUntil && code.validUntil <= now) {
    return new FunctionError("FAILED_PRECONDITION", "This code has expired.", {
      reason: "expired",
    });
  }
  return null;
}

/**
 * Why one more order may not use the code, given its uses (in all, and the person's when
 * known), or null. The person's limit first: it is the one they can act on.
 */
export function usesRefusal(
  code: Pick<CodeRule, "maxUses" | "maxPerPerson">,
  uses: { all: number; mine: number | null },
): FunctionError | null {
  if (code.maxPerPerson !== null && uses.mine !== null && uses.mine >= code.maxPerPerson) {
    return new FunctionError(
      "FAILED_PRECONDITION",
      "You have used this code as many times as it allows.",
      { reason: "per-person" },
    );
  }
  if (code.maxUses !== null && uses.all >= code.maxUses) {
    return new FunctionError("FAILED_PRECONDITION", "This code has been used up.", {
      reason: "used-up",
    });
  }
  return null;
}
