import { readFileSync } from "node:fs";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/**
 * The password policy, defined once: the server checks it on every new password, and the
 * pages show it (and tick it off as the person types) through `accounts.passwordPolicy`.
 * NIST SP 800-63B style: length and a list of known passwords rather than composition rules.
 */
export const passwordLimits = { minLength: 10, maxLength: 128 } as const;

export const passwordRuleIds = [
  "minLength",
  "maxLength",
  "notCommon",
  "notPhone",
  "notEmail",
] as const;
export type PasswordRuleId = (typeof passwordRuleIds)[number];

export type PasswordRuleResult = { id: PasswordRuleId; label: string; met: boolean };

/** What a password must not contain: the person's own phone number and email. */
export type PasswordContext = { phone?: string | null; email?: string | null };

const labels: Record<PasswordRuleId, string> = {
  minLength: `At least ${passwordLimits.minLength} characters`,
  maxLength: `At most ${passwordLimits.maxLength} characters`,
  notCommon: "Not a commonly used password",
  notPhone: "Does not contain your phone number",
  notEmail: "Does not contain the name part of your email address",
};

/** Messages for a form field, one per unmet rule. */
const problems: Record<PasswordRuleId, string> = {
  minLength: `Use at least ${passwordLimits.minLength} characters.`,
  maxLength: `Use at most ${passwordLimits.maxLength} characters.`,
  notCommon: "This password is too common: many people use it. Choose another.",
  notPhone: "Your password must not contain your phone number.",
  notEmail: "Your password must not contain your email address.",
};

const listFile = new URL("./common-passwords.txt", import.meta.url);

let commonPasswords: Set<string> | undefined;

/** The bundled list (a few thousand entries, lower case), read once on first use. */
export function commonPasswordList(): Set<string> {
  if (!commonPasswords) {
    commonPasswords = new Set(
      readFileSync(listFile, "utf8")
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith("#")),
    );
  }
  return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswordList().has(password.toLowerCase());
}

/** The digit runs a password must not contain: the full number and the national number. */
function phoneDigitRuns(phone: string | null | undefined): string[] {
  if (!phone) return [];
  const parsed = parsePhoneNumberFromString(phone);
  const runs = [phone.replace(/\D/g, ""), parsed?.nationalNumber ?? ""];
  // Short fragments (a 4-digit extension) would refuse too much.
  return runs.filter((run) => run.length >= 6);
}

function emailLocalPart(email: string | null | undefined): string | null {
  const local = email?.split("@")[0]?.trim().toLowerCase();
  return local && local.length >= 3 ? local : null;
}

export function checkPassword(
  password: string,
  context: PasswordContext = {},
): PasswordRuleResult[] {
  const length = [...password].length;
  const lower = password.toLowerCase();
  const digits = password.replace(/\D/g, "");
  const local = emailLocalPart(context.email);
  const met: Record<PasswordRuleId, boolean> = {
    minLength: length >= passwordLimits.minLength,
    maxLength: length > 0 && length <= passwordLimits.maxLength,
    notCommon: length > 0 && !isCommonPassword(password),
    notPhone: length > 0 && !phoneDigitRuns(context.phone).some((run) => digits.includes(run)),
    notEmail: length > 0 && !(local && lower.includes(local)),
  };
  return passwordRuleIds.map((id) => ({ id, label: labels[id], met: met[id] }));
}

/** The field error for a password, or null when it meets every rule. */
export function passwordProblem(password: string, context: PasswordContext = {}): string | null {
  const unmet = checkPassword(password, context).find((rule) => !rule.met);
  return unmet ? problems[unmet.id] : null;
}
