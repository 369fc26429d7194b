import { z } from "zod";
import { CODE_PATTERN, MAX_CODE_LENGTH, normalizeCode } from "#contract/event-codes.ts";

/** An event by uuid (the organiser's functions) or uuid / short id (`codes.check`). */
export const eventRefInput = z
  .string("Choose an event.")
  .trim()
  .min(1, "Choose an event.")
  .max(100, "Choose an event.");

/** What a buyer types: compared trimmed and upper case (`normalizeCode`). */
export const enteredCodeInput = z
  .string("Enter a code.")
  .max(MAX_CODE_LENGTH * 2, "This code is not valid for this event.")
  .transform(normalizeCode)
  .pipe(z.string().min(1, "Enter a code."));

const discountInput = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("percent"),
      percent: z
        .number("Enter a percentage.")
        .int("Enter a whole percentage.")
        .min(1, "Enter a percentage from 1 to 100.")
        .max(100, "Enter a percentage from 1 to 100."),
    }),
    z.object({
      kind: z.literal("fixed"),
      amountMinor: z
        .number("Enter an amount.")
        .int("Enter an amount in whole cents.")
        .min(1, "Enter an amount above 0.")
        .max(100_000_000, "Enter a smaller amount."),
    }),
    z.object({ kind: z.literal("none") }),
  ],
  "Choose what the code takes off.",
);

const limitInput = (message: string) =>
  z
    .number(message)
    .int(message)
    .min(1, message)
    .max(1_000_000, "Enter a smaller number.")
    .nullable();

const instantInput = z.iso.datetime({ offset: true, message: "Enter a date and time." }).nullable();

/**
 * `codes.save`: a new code (no `id`) or a change to one. The code is stored normalized;
 * the window must end after it starts. Whether the ticket types are the event's is checked
 * by save-code.ts against the database.
 */
export const saveCodeInput = z
  .object({
    eventId: eventRefInput,
    id: z.uuid("Choose a code.").optional(),
    code: z
      .string("Enter a code.")
      .max(MAX_CODE_LENGTH * 2, "Use 3 to 40 letters, digits, - or _.")
      .transform(normalizeCode)
      .pipe(z.string().regex(CODE_PATTERN, "Use 3 to 40 letters, digits, - or _.")),
    discount: discountInput,
    maxUses: limitInput("Enter at least 1 use, or no limit."),
    maxPerPerson: limitInput("Enter at least 1 use per person, or no limit."),
    validFrom: instantInput,
    validUntil: instantInput,
    ticketTypeIds: z
      .array(z.uuid("Choose a ticket type of this event."))
      .max(200, "Choose fewer ticket types."),
  })
  .superRefine((data, context) => {
    if (
      data.validFrom &&
      data.validUntil &&
      Date.parse(data.validUntil) <= Date.parse(data.validFrom)
    ) {
      context.addIssue({
        code: "custom",
        path: ["validUntil"],
        message: "The end must be after the start.",
      });
    }
  });

export type SaveCodeInput = z.infer<typeof saveCodeInput>;

export const removeCodeInput = z.object({
  eventId: eventRefInput,
  id: z.uuid("Choose a code."),
});

export const checkCodeInput = z.object({ eventId: eventRefInput, code: enteredCodeInput });
