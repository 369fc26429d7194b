import { z } from "zod";
import { MAX_OFFER_HOURS, MIN_OFFER_HOURS } from "#contract/waiting-list.ts";
import {
  type AnyFunctionDefinition,
  type ContextFor,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import { joinList, leaveList } from "./join-list.ts";
import { listOverview } from "./list-overview.ts";
import { configureList } from "./list-settings.ts";
import { offerByHand } from "./offer-by-hand.ts";
import type { NoticeDeps } from "./offer-notices.ts";

const id = (missing: string) => z.string(missing).trim().min(1, missing).max(100);

const noticeDeps = (ctx: ContextFor<"signed-in">): NoticeDeps => ({
  messages: ctx.services.messages,
  publicUrl: ctx.services.settings.PUBLIC_URL,
});

export const joinWaitingList = defineFunction({
  name: "waitingList.join",
  input: z.object({
    ticketTypeId: id("Choose a ticket type."),
    quantity: z
      .number("Enter how many tickets you want.")
      .int("Enter a whole number.")
      .min(1, "At least 1 ticket.")
      .max(100, "At most 100 tickets."),
  }),
  access: "signed-in",
  handler: (data, ctx) =>
    joinList(ctx.db, ctx.services.rateLimiter, ctx.auth.userId, {
      ticketTypeId: data.ticketTypeId,
      quantity: data.quantity,
    }),
});

export const leaveWaitingList = defineFunction({
  name: "waitingList.leave",
  input: z.object({ entryId: id("Choose an entry.") }),
  access: "signed-in",
  handler: (data, ctx) => leaveList(ctx.db, ctx.auth.userId, data.entryId),
});

export const getEventWaitingList = defineFunction({
  name: "waitingList.forEvent",
  input: z.object({ eventId: id("Choose an event.") }),
  access: "signed-in",
  handler: (data, ctx) => listOverview(ctx.db, ctx.auth.userId, data.eventId),
});

export const offerWaitingListEntry = defineFunction({
  name: "waitingList.offer",
  input: z.object({ entryId: id("Choose an entry.") }),
  access: "signed-in",
  handler: (data, ctx) => offerByHand(ctx.db, ctx.auth.userId, data.entryId, noticeDeps(ctx)),
});

export const configureWaitingList = defineFunction({
  name: "waitingList.configure",
  input: z.object({
    eventId: id("Choose an event."),
    offerHours: z
      .number("Enter how many hours an offer lasts.")
      .int("Enter a whole number of hours.")
      .min(MIN_OFFER_HOURS, `At least ${MIN_OFFER_HOURS} hour.`)
      .max(MAX_OFFER_HOURS, `At most ${MAX_OFFER_HOURS} hours (a week).`),
    closedTicketTypeIds: z.array(z.string().max(100)).max(500),
  }),
  access: "signed-in",
  handler: (data, ctx) => configureList(ctx.db, ctx.auth.userId, data, noticeDeps(ctx)),
});

/** The waiting lists of sold-out ticket types (decision 034): signed in; owners manage. */
export const waitingListFunctions = [
  joinWaitingList,
  leaveWaitingList,
  getEventWaitingList,
  offerWaitingListEntry,
  configureWaitingList,
] as const satisfies readonly AnyFunctionDefinition[];
