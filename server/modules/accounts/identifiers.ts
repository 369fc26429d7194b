import { z } from "zod";
import { parsePhoneNumber } from "./phone-number.ts";

/** What someone signs in with: their phone number or their email address. */
export type Identifier = { kind: "phone"; value: string } | { kind: "email"; value: string };

const emailSchema = z.email();

/** Email addresses compare without case and surrounding spaces. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isEmailAddress(value: string): boolean {
  return emailSchema.safeParse(value.trim()).success;
}

/** An `@` makes it an email address; anything else is read as a phone number. */
export function parseIdentifier(
  input: string,
  region: string | undefined,
): { ok: true; identifier: Identifier } | { ok: false; message: string } {
  const text = input.trim();
  if (text.includes("@")) {
    return isEmailAddress(text)
      ? { ok: true, identifier: { kind: "email", value: normaliseEmail(text) } }
      : { ok: false, message: "This email address is not valid." };
  }
  const phone = parsePhoneNumber(text, region);
  if (!phone.ok) return phone;
  return { ok: true, identifier: { kind: "phone", value: phone.e164 } };
}
