import { z } from "zod";
import { platformFeeOf } from "#server/modules/events/platform-fee.ts";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import { checkCode, checkCodeRule } from "./check-code.ts";
import { checkCodeInput, eventRefInput, removeCodeInput, saveCodeInput } from "./code-input.ts";
import { eventCodesView } from "./codes-view.ts";
import { removeCode, saveCode } from "./save-code.ts";

export const getEventCodes = defineFunction({
  name: "codes.forEvent",
  input: z.object({ eventId: eventRefInput }),
  access: "signed-in",
  handler: (data, ctx) => eventCodesView(ctx.db, ctx.auth.userId, data.eventId),
});

export const saveEventCode = defineFunction({
  name: "codes.save",
  input: saveCodeInput,
  access: "signed-in",
  handler: (data, ctx) => saveCode(ctx.db, ctx.auth.userId, data),
});

export const removeEventCode = defineFunction({
  name: "codes.remove",
  input: removeCodeInput,
  access: "signed-in",
  handler: (data, ctx) => removeCode(ctx.db, ctx.auth.userId, data),
});

export const checkEventCode = defineFunction({
  name: "codes.check",
  input: checkCodeInput,
  access: "public",
  handler: (data, ctx) =>
    checkCode(ctx.db, data, {
      now: new Date(),
      fee: platformFeeOf(ctx.services.settings),
      // Per address and event: guessing codes of one event is slow, browsing others is not.
      limit: async (eventId) => {
        await ctx.services.rateLimiter.consume(checkCodeRule, `${ctx.client.ip}:${eventId}`);
      },
    }),
});

/** Promo and access codes (decision 036): the owner manages, anyone checks one. */
export const codeFunctions = [
  getEventCodes,
  saveEventCode,
  removeEventCode,
  checkEventCode,
] as const satisfies readonly AnyFunctionDefinition[];
