import { z } from "zod";
import {
  MAX_CANCELLATION_DEADLINE_HOURS,
  MAX_CANCELLATION_FEE_PERCENT,
} from "#contract/cancellation-policy.ts";
import { MAX_OFFLINE_SEARCH_LIMIT } from "#contract/door-offline.ts";
import {
  eventCategories,
  maxEventDurationDays,
  ticketCurrencies,
} from "#contract/event-options.ts";
import { editScopes } from "#contract/event-series.ts";
import { MAX_TAX_RATE_BP, ticketPaymentMethods } from "#contract/payment-options.ts";
import { fromLocalInput, isKnownTimeZone } from "./zoned-time.ts";

/**
 * The editor's input, parsed at the edge: what an organiser types, with a message per
 * field. Times arrive as wall-clock `YYYY-MM-DDTHH:mm` in the event's zone and leave as
 * UTC instants. Rules that need the database or the clock live in the services.
 */

const dayMs = 24 * 60 * 60 * 1000;

/** Ids are checked by the services, so a malformed one answers NOT_FOUND like an unknown one. */
export const idInput = z.string().max(100);

/** What the API's reference says of a wall-clock field (`describe`). */
const wallClock = "Wall-clock time in the event's time zone, YYYY-MM-DDTHH:mm.";

const localTime = (missing: string) =>
  z
    .string()
    .trim()
    .min(1, missing)
    .max(16, "Enter a date and time like 2026-12-05T19:30.")
    .describe(wallClock);

const eventShape = {
  title: z.string().trim().min(1, "Enter a title.").max(140, "Use at most 140 characters."),
  description: z.string().max(10_000, "Use at most 10,000 characters.").default(""),
  venueName: z
    .string()
    .trim()
    .min(1, "Enter the venue's name.")
    .max(200, "Use at most 200 characters."),
  venueAddress: z.string().trim().max(300, "Use at most 300 characters.").default(""),
  timeZone: z
    .string()
    .trim()
    .refine(
      (zone) => zone.length <= 64 && isKnownTimeZone(zone),
      "Choose a time zone from the list.",
    )
    .describe("IANA time zone, e.g. Europe/London: the event's times are read in it."),
  startsLocal: localTime("Enter when the event starts."),
  endsLocal: localTime("Enter when the event ends."),
  category: z.enum(
    eventCategories.map((c) => c.id),
    "Choose a category.",
  ),
  /** Holders reminded 24 hours before the start; unset: on for a new event, unchanged on edit. */
  reminders: z.boolean("Choose whether to send a reminder.").optional(),
  /** The event's tax in basis points (2000 = 20 %); unset: 0 for a new event, unchanged on edit. */
  taxRateBp: z
    .number("Enter the tax rate as a percentage, like 20 or 7.5.")
    .min(0, "The tax rate cannot be negative.")
    .max(MAX_TAX_RATE_BP, `The tax rate is at most ${MAX_TAX_RATE_BP / 100} %.`)
    .int("Use at most 2 decimal places in the tax rate.")
    .describe("Tax rate in basis points (2000 = 20 %).")
    .optional(),
  /** Whether the prices include the tax (else it is added at checkout); unset as above. */
  taxInclusive: z.boolean("Choose whether the prices include the tax.").optional(),
  /**
   * The cancellation policy (contract/cancellation-policy.ts): whether buyers may cancel,
   * until how many hours before the start, keeping what fee; unset as above (new: allowed
   * until the start, no fee).
   */
  attendeeCancellation: z.boolean("Choose whether buyers may cancel.").optional(),
  cancellationDeadlineHours: z
    .number("Enter a number of hours, like 24 (0: until the start).")
    .int("Enter whole hours.")
    .min(0, "The hours cannot be negative.")
    .max(
      MAX_CANCELLATION_DEADLINE_HOURS,
      `At most ${MAX_CANCELLATION_DEADLINE_HOURS} hours (a year) before the start.`,
    )
    .optional(),
  cancellationFeePercent: z
    .number("Enter the fee as a percentage, like 10 (0: none).")
    .int("Enter a whole percentage.")
    .min(0, "The fee cannot be negative.")
    .max(MAX_CANCELLATION_FEE_PERCENT, `The fee is at most ${MAX_CANCELLATION_FEE_PERCENT} %.`)
    .optional(),
  /**
   * Door devices keep names and codes for search offline for events of up to this many
   * tickets (decision 030; 0: never); unset as above (new: 25,000).
   */
  offlineSearchLimit: z
    .number("Enter a number of tickets, like 25000 (0: off).")
    .int("Enter a whole number of tickets.")
    .min(0, "The number cannot be negative.")
    .max(MAX_OFFLINE_SEARCH_LIMIT, "At most 1,000,000 tickets.")
    .optional(),
};

type EventShape = { timeZone: string; startsLocal: string; endsLocal: string };

/** Start and end read in the event's zone: both real times, end after start, at most 31 days. */
function withEventTimes<T extends EventShape>(data: T, ctx: z.RefinementCtx) {
  const startsAt = fromLocalInput(data.startsLocal, data.timeZone);
  const endsAt = fromLocalInput(data.endsLocal, data.timeZone);
  if (!startsAt) {
    ctx.addIssue({
      code: "custom",
      path: ["startsLocal"],
      message: "Enter a valid date and time.",
    });
  }
  if (!endsAt) {
    ctx.addIssue({ code: "custom", path: ["endsLocal"], message: "Enter a valid date and time." });
  }
  if (!startsAt || !endsAt) return z.NEVER;
  if (endsAt <= startsAt) {
    ctx.addIssue({
      code: "custom",
      path: ["endsLocal"],
      message: "The end must be after the start.",
    });
    return z.NEVER;
  }
  if (endsAt.getTime() - startsAt.getTime() > maxEventDurationDays * dayMs) {
    ctx.addIssue({
      code: "custom",
      path: ["endsLocal"],
      message: `An event can last at most ${maxEventDurationDays} days.`,
    });
    return z.NEVER;
  }
  return { ...data, startsAt, endsAt };
}

export const createEventInput = z
  .object(eventShape)
  .transform((data, ctx) => withEventTimes(data, ctx));
export type CreateEventInput = z.output<typeof createEventInput>;

export const updateEventInput = z
  .object({
    eventId: idInput,
    ...eventShape,
    /** A date of a series: this date only, or also its later dates (contract EditScope). */
    scope: z.enum(editScopes, "Choose this date or all future dates.").default("this"),
  })
  .transform((data, ctx) => withEventTimes(data, ctx));
export type UpdateEventInput = z.output<typeof updateEventInput>;

export const cancelEventInput = z.object({
  eventId: idInput,
  reason: z.string().trim().max(500, "Use at most 500 characters.").optional(),
});

const optionalLocalTime = z
  .string()
  .trim()
  .max(16, "Enter a date and time like 2026-12-05T19:30.")
  .describe(`${wallClock} Empty or absent: none.`)
  .optional()
  .transform((value) => value || undefined);

const ticketTypeShape = {
  name: z.string().trim().min(1, "Enter a name.").max(100, "Use at most 100 characters."),
  description: z.string().trim().max(1000, "Use at most 1,000 characters.").default(""),
  priceMinor: z
    .number("Enter a price.")
    .int("Enter a price in whole minor units (cents).")
    .min(0, "The price cannot be negative.")
    .max(100_000_000, "The price is too high.")
    .describe("The price of one ticket in minor units of the currency (1250 = 12.50)."),
  currency: z.enum(ticketCurrencies, "Choose a currency from the list."),
  capacity: z
    .number("Enter how many tickets there are.")
    .int("Enter a whole number.")
    .min(1, "There must be at least 1 ticket.")
    .max(1_000_000, "At most 1,000,000 tickets per type."),
  /** How a priced ticket is paid; ignored for a free one (stored as "venue"). */
  paymentMethod: z
    .enum(ticketPaymentMethods, "Choose how it is paid: at the venue or by card.")
    .default("venue"),
  perOrderLimit: z
    .number("Enter a number.")
    .int("Enter a whole number.")
    .min(1, "Allow at least 1 ticket per order.")
    .max(100, "At most 100 tickets per order.")
    .default(10),
  /**
   * Left out of every public read and sold only with an access code that names it
   * (guests, press, staff; decision 036).
   */
  hidden: z.boolean("Choose whether the ticket type is hidden.").default(false),
  /** Wall-clock times in the event's zone; the service reads them (it knows the zone). */
  salesStartLocal: optionalLocalTime,
  salesEndLocal: optionalLocalTime,
};

export const createTicketTypeInput = z.object({ eventId: idInput, ...ticketTypeShape });
export type CreateTicketTypeInput = z.output<typeof createTicketTypeInput>;

export const updateTicketTypeInput = z.object({ ticketTypeId: idInput, ...ticketTypeShape });
export type UpdateTicketTypeInput = z.output<typeof updateTicketTypeInput>;

export type TicketTypeFields = Omit<CreateTicketTypeInput, "eventId">;

export const setCoverInput = z.object({
  eventId: idInput,
  contentType: z.string().max(100),
  // Base64 of a little more than the limit still reaches the service, which answers
  // with the size message; anything far beyond is cut off here.
  dataBase64: z.string().max(12_000_000, "The image is larger than 5 MB."),
});

/** `events.repeat`: the service checks the last day against the event's own day. */
export const repeatInput = z.object({
  eventId: idInput,
  weekdays: z
    .array(z.literal([0, 1, 2, 3, 4, 5, 6], "Choose days of the week."), "Choose the days.")
    .max(7)
    .refine((days) => new Set(days).size === days.length, "Choose each day once.")
    .refine((days) => days.length > 0, "Choose at least one day."),
  untilLocal: z.string().trim().max(10, "Choose a last day after the event's date."),
});

/** `events.addDate`: the start is read in the event's zone by the service. */
export const addDateInput = z.object({
  eventId: idInput,
  startsLocal: localTime("Enter when the date starts."),
});
