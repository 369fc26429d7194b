import { z } from "zod";
import { businessTypes } from "#contract/business-options.ts";
import { parsePhoneNumber } from "#server/modules/accounts/phone-number.ts";

const typeIds = businessTypes.map((type) => type.id) as [string, ...string[]];

/** The form's fields as typed: what a draft keeps, before any validation. */
export const businessDraftFields = [
  "name",
  "type",
  "contactPhone",
  "region",
  "contactEmail",
  "address",
  "description",
] as const;
export type BusinessDraft = Partial<Record<(typeof businessDraftFields)[number], string>>;

/**
 * A business's details as the form sends them, checked field by field so every mistake
 * is reported next to its field at once. The phone is read in the chosen region (or with
 * its `+` country code) and comes out in E.164.
 */
export const businessDetailsInput = z
  .object({
    name: z
      .string()
      .trim()
      .min(2, "Enter your business's name (at least 2 characters).")
      .max(100, "Use at most 100 characters."),
    type: z.enum(typeIds, "Choose what kind of business this is."),
    contactPhone: z.string().trim().min(1, "Enter a contact phone number.").max(40),
    region: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^([A-Z]{2})?$/, "Choose a country from the list.")
      .optional()
      .transform((value) => value || undefined),
    contactEmail: z
      .string()
      .trim()
      .max(254, "Use at most 254 characters.")
      .pipe(z.email("Enter an email address like name@example.com.")),
    address: z
      .string()
      .trim()
      .min(5, "Enter the business's address (at least 5 characters).")
      .max(300, "Use at most 300 characters."),
    description: z.string().trim().max(2000, "Use at most 2000 characters.").default(""),
  })
  // Checked even when other fields fail (`when`), so the phone's error shows with theirs.
  .superRefine(
    (input, ctx) => {
      const phone = phoneOf(input);
      if (phone && !phone.ok) {
        ctx.addIssue({ code: "custom", path: ["contactPhone"], message: phone.message });
      }
    },
    { when: (payload) => typeof phoneOf(payload.value)?.ok === "boolean" },
  )
  .transform(({ region, ...details }) => {
    const phone = parsePhoneNumber(details.contactPhone, region);
    return {
      ...details,
      type: details.type as BusinessDetails["type"],
      contactPhone: phone.ok ? phone.e164 : details.contactPhone,
    };
  });

/** The phone as typed, parsed in its region; undefined while either is not text. */
function phoneOf(value: unknown) {
  const input = value as { contactPhone?: unknown; region?: unknown } | null;
  if (typeof input?.contactPhone !== "string" || !input.contactPhone.trim()) return undefined;
  const region = typeof input.region === "string" ? input.region.trim().toUpperCase() : undefined;
  return parsePhoneNumber(input.contactPhone, region || undefined);
}

export type BusinessDetails = {
  name: string;
  type: (typeof businessTypes)[number]["id"];
  contactPhone: string;
  contactEmail: string;
  address: string;
  description: string;
};
