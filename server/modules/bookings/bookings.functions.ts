import { z } from "zod";
import { idempotencyKeyInput } from "#server/modules/holds/holds.functions.ts";
import { answersInput } from "#server/modules/questions/question-input.ts";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import { lookupBooking, ownBookingByReference } from "./booking-lookup.ts";
import { listUserBookings } from "./booking-view.ts";
import { confirmHold } from "./confirm-booking.ts";
import { paymentProviderNames } from "./payment-provider.ts";

const reference = z
  .string()
  .trim()
  .min(1, "Enter the booking reference.")
  .max(20, "A reference looks like K7QM-3TPX.");

/**
 * One name per ticket, in the hold's order, with the attendee's answers to the event's
 * questions (also the card checkout's input).
 */
export const attendeesInput = z
  .array(
    z.object({
      name: z
        .string()
        .trim()
        .min(1, "Enter the attendee's name.")
        .max(100, "Use at most 100 characters."),
      answers: answersInput,
    }),
  )
  .min(1, "Enter one name per ticket.")
  .max(100);

/** Another address for the tickets; "" = none (also the card checkout's input). */
export const contactEmailInput = z
  .union([z.literal(""), z.email("Enter an email address like name@example.com.").max(254)])
  .optional()
  .transform((value) => value || undefined);

export const confirmBooking = defineFunction({
  name: "bookings.confirm",
  input: z.object({
    holdId: z.uuid("Choose a hold."),
    attendees: attendeesInput,
    /** The order's answers (decision 037). */
    answers: answersInput,
    contactEmail: contactEmailInput,
    paymentProvider: z.enum(paymentProviderNames).optional(),
    idempotencyKey: idempotencyKeyInput,
  }),
  access: "signed-in",
  handler: (data, ctx) =>
    confirmHold(
      { db: ctx.db, messages: ctx.services.messages, settings: ctx.services.settings },
      ctx.auth.userId,
      data,
    ),
});

export const listMyBookings = defineFunction({
  name: "bookings.listMine",
  input: z
    .object({
      limit: z.number().int().min(1).max(100).default(50),
      before: z.iso.datetime({ offset: true }).optional(),
    })
    .nullish()
    .transform((value) => value ?? { limit: 50 }),
  access: "signed-in",
  handler: (data, ctx) =>
    listUserBookings(ctx.db, ctx.auth.userId, { limit: data.limit ?? 50, before: data.before }),
});

export const getBooking = defineFunction({
  name: "bookings.get",
  input: z.object({ reference }),
  access: "signed-in",
  handler: (data, ctx) => ownBookingByReference(ctx, data.reference),
});

export const lookUpBooking = defineFunction({
  name: "bookings.lookup",
  input: z.object({
    reference,
    /** Needed unless `access` (a link sent while the reference was under attack) is. */
    contact: z.string().trim().max(254).optional(),
    region: z.string().length(2).optional(),
    access: z.string().max(500).optional(),
  }),
  access: "public",
  handler: (data, ctx) => lookupBooking(ctx, data),
});

/** Bookings and their tickets (decision 009); the buyer's cancellation is in the orders module. */
export const bookingFunctions = [
  confirmBooking,
  listMyBookings,
  getBooking,
  lookUpBooking,
] as const satisfies readonly AnyFunctionDefinition[];
