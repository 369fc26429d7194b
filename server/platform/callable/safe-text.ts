import { z } from "zod";

/**
 * What no text input may hold: control characters other than tab, line feed and carriage
 * return (PostgreSQL refuses NUL outright; the others hide text or break logs and
 * exports), DEL, and unpaired UTF-16 surrogates (not text at all).
 */
const unsafeCharacter =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const unsafeTextMessage =
  "This text contains characters that cannot be used (control characters or broken symbols).";

/** Whether a string holds a character of `unsafeCharacter`. */
export function isUnsafeText(value: string): boolean {
  return unsafeCharacter.test(value);
}

const MAX_DEPTH = 64;

function collect(value: unknown, path: (string | number)[], found: (string | number)[][]) {
  if (found.length >= 20 || path.length > MAX_DEPTH) return;
  if (typeof value === "string") {
    if (isUnsafeText(value)) found.push(path);
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) collect(item, [...path, index], found);
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) collect(item, [...path, key], found);
  }
}

/**
 * Every function's input passes this first (the registry pipes it into the function's own
 * schema): one rule for every text field of every function, present and future, each
 * refusal a field error at the field's path.
 */
export const safeTextInput = z.unknown().superRefine((value, ctx) => {
  const found: (string | number)[][] = [];
  collect(value, [], found);
  for (const path of found) ctx.addIssue({ code: "custom", message: unsafeTextMessage, path });
});
