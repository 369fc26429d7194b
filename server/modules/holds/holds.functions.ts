import { z } from "zod";
import { alertOnSellThrough } from "#server/modules/alerts/system-alerts.ts";
import { checkAdmitted } from "#server/modules/waiting-room/admission-gate.ts";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import { loadEventForSale } from "./event-for-sale.ts";
import { holdTickets, releaseHold } from "./hold-tickets.ts";
import { liveHoldView } from "./hold-view.ts";

/** A client-generated key (a uuid, say) that makes retries of one request safe. */
export const idempotencyKeyInput = z
  .string()
  .trim()
  .min(8, "The request key is too short.")
  .max(100, "The request key is too long.");

export const holdItemsInput = z
  .array(
    z.object({
      ticketTypeId: z.uuid("Choose a ticket type."),
      quantity: z
        .number("Enter a number of tickets.")
        .int("Enter a whole number of tickets.")
        .min(0, "Enter a number of tickets.")
        .max(100, "At most 100 tickets at a time."),
    }),
  )
  .max(50)
  .superRefine((items, context) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(item.ticketTypeId)) {
        context.addIssue({
          code: "custom",
          path: [index, "ticketTypeId"],
          message: "Each ticket type once.",
        });
      }
      seen.add(item.ticketTypeId);
    });
    if (!items.some((item) => item.quantity > 0)) {
      context.addIssue({ code: "custom", path: [], message: "Choose at least one ticket." });
    }
  })
  // Forms send every type, most at 0: only what is asked for is held.
  .transform((items) => items.filter((item) => item.quantity > 0));

const eventRef = z.string().trim().min(1, "Choose an event.").max(64);

export const placeHold = defineFunction({
  name: "holds.create",
  input: z.object({
    eventId: eventRef,
    items: holdItemsInput,
    idempotencyKey: idempotencyKeyInput,
    /** A promo or access code (decision 036); empty means none. */
    code: z
      .string("Enter a code.")
      .trim()
      .max(80, "This code is not valid for this event.")
      .optional()
      .transform((code) => (code ? code : undefined)),
  }),
  access: "signed-in",
  handler: async (data, ctx) => {
    const hold = await holdTickets(
      {
        db: ctx.db,
        holdMinutes: ctx.services.settings.HOLD_MINUTES,
        batching: ctx.services.settings.HOLD_BATCHING === "on",
        admitted: (event, userId) => checkAdmitted(ctx.db, event, userId),
        // The door teams hear a ticket type crossing 90 % and 100 % (once each,
        // decision 020); a failure there never fails the hold.
        nearFull: (ticketTypeIds) =>
          alertOnSellThrough(ctx.db, ticketTypeIds).then(
            () => {},
            (error: unknown) => ctx.log.error({ error }, "sell-through alert failed"),
          ),
      },
      ctx.auth.userId,
      {
        eventRef: data.eventId,
        lines: data.items,
        idempotencyKey: data.idempotencyKey,
        code: data.code,
      },
    );
    return hold;
  },
});

export const getCurrentHold = defineFunction({
  name: "holds.current",
  input: z.object({ eventId: eventRef }),
  access: "signed-in",
  handler: async (data, ctx) => {
    const event = await loadEventForSale(ctx.db, data.eventId);
    return liveHoldView(ctx.db, event.id, ctx.auth.userId);
  },
});

export const releaseMyHold = defineFunction({
  name: "holds.release",
  input: z.object({ holdId: z.uuid("Choose a hold.") }),
  access: "signed-in",
  handler: (data, ctx) =>
    releaseHold(ctx.db, ctx.auth.userId, data.holdId, ctx.services.settings.HOLD_BATCHING === "on"),
});

/** Holds: taking tickets for a while before confirming (decision 009). */
export const holdFunctions = [
  placeHold,
  getCurrentHold,
  releaseMyHold,
] as const satisfies readonly AnyFunctionDefinition[];
