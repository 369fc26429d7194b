import { z } from "zod";
import { attendeeMessageRules as rules } from "#contract/attendee-message-options.ts";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import {
  getMessage,
  listMessages,
  previewMessage,
  sendMessage,
} from "./attendee-message-sending.ts";

export const audienceInput = z.object({
  eventId: z.string().trim().min(1, "Choose an event.").max(100),
  ticketTypeIds: z
    .array(z.string().max(100))
    .max(rules.maxTicketTypes, `At most ${rules.maxTicketTypes} ticket types.`)
    .optional(),
});

export const sendAttendeeMessageInput = audienceInput.extend({
  subject: z
    .string()
    .trim()
    .min(1, "Write a subject.")
    .max(rules.subjectMaxLength, `Use at most ${rules.subjectMaxLength} characters.`),
  body: z
    .string()
    .trim()
    .min(1, "Write a message.")
    .max(rules.bodyMaxLength, `Use at most ${rules.bodyMaxLength} characters.`),
});

/**
 * Sending to a few thousand people is worth a pause between messages: a slip of the
 * finger (or a stolen session) cannot flood the holders beyond this, whatever the plan.
 */
const sendRule = { name: "attendee-message-send", limit: 10, windowSeconds: 3600 } as const;

export const previewAttendeeMessage = defineFunction({
  name: "attendeeMessages.preview",
  input: audienceInput,
  access: "signed-in",
  handler: (data, ctx) => previewMessage(ctx.db, ctx.auth.userId, data),
});

export const sendAttendeeMessage = defineFunction({
  name: "attendeeMessages.send",
  input: sendAttendeeMessageInput,
  access: "signed-in",
  handler: async (data, ctx) => {
    await ctx.services.rateLimiter.consume(sendRule, ctx.auth.userId);
    return sendMessage(ctx.db, ctx.auth.userId, data);
  },
});

export const listAttendeeMessages = defineFunction({
  name: "attendeeMessages.list",
  input: z.null().optional(),
  access: "signed-in",
  handler: (_data, ctx) => listMessages(ctx.db, ctx.auth.userId),
});

export const getAttendeeMessage = defineFunction({
  name: "attendeeMessages.get",
  input: z.object({ messageId: z.string().max(100) }),
  access: "signed-in",
  handler: (data, ctx) => getMessage(ctx.db, ctx.auth.userId, data.messageId),
});

/**
 * Messages from a business owner to the ticket holders of one of their events (decision
 * 023): a notification each, and an email or SMS as their settings and the plan allow,
 * delivered in batches by the worker. Another business's event or message is NOT_FOUND.
 */
export const attendeeMessageFunctions = [
  previewAttendeeMessage,
  sendAttendeeMessage,
  listAttendeeMessages,
  getAttendeeMessage,
] as const satisfies readonly AnyFunctionDefinition[];
