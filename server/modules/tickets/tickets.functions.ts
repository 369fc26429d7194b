import { z } from "zod";
import { requireOwnedEvent } from "#server/modules/events/event-ownership.ts";
import {
  type AnyFunctionDefinition,
  defineFunction,
  type FunctionContext,
} from "#server/platform/callable/define-function.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import { assignTicket } from "./assign-ticket.ts";
import { assignmentViewOf, latestAssignmentBy } from "./assignment-view.ts";
import { ticketKeyRing } from "./ticket-keys.ts";
import { ticketsPdf } from "./ticket-pdf.ts";
import { findTicket, ticketNotFound } from "./ticket-records.ts";
import { heldTicket, sharedTicket, ticketHistory, walletForEvent } from "./ticket-views.ts";
import { tokenVerdict } from "./token-verdict.ts";
import { claimTicket, undoAssignment } from "./undo-and-claim.ts";
import { upcomingTickets } from "./upcoming-tickets.ts";
import { walletOfferOf } from "./wallet/wallet-offer.ts";

/** Ids are checked for shape by the queries (a malformed one is NOT_FOUND, never a 500). */
const ticketId = z.string().max(100);
const ticketInput = z.object({ ticketId });

const ring = (ctx: FunctionContext) =>
  ticketKeyRing(ctx.services.database.db, ctx.services.settings.APP_SECRET);
const passOnDeps = (ctx: FunctionContext) => ({
  messages: ctx.services.messages,
  publicUrl: ctx.services.settings.PUBLIC_URL,
});

export const listUpcomingTickets = defineFunction({
  name: "tickets.upcoming",
  input: z.null().optional(),
  access: "signed-in",
  handler: (_data, ctx) => upcomingTickets(ctx.db, ctx.auth.userId),
});

export const listTicketsForEvent = defineFunction({
  name: "tickets.forEvent",
  input: z.object({ eventId: z.string().max(100) }),
  access: "signed-in",
  handler: async (data, ctx) =>
    walletForEvent(
      ctx.db,
      await ring(ctx),
      ctx.auth.userId,
      data.eventId,
      walletOfferOf(ctx.services.settings),
    ),
});

export const getTicket = defineFunction({
  name: "tickets.get",
  input: ticketInput,
  access: "signed-in",
  handler: async (data, ctx) =>
    heldTicket(
      ctx.db,
      await ring(ctx),
      ctx.auth.userId,
      data.ticketId,
      walletOfferOf(ctx.services.settings),
    ),
});

export const getSharedTicket = defineFunction({
  name: "tickets.shared",
  input: z.object({ ticketId, shareToken: z.string().max(100).optional() }),
  access: "public",
  handler: async (data, ctx) =>
    sharedTicket(ctx.db, await ring(ctx), ctx.auth?.userId ?? null, data),
});

export const getTicketHistory = defineFunction({
  name: "tickets.history",
  input: ticketInput,
  access: "signed-in",
  handler: (data, ctx) => ticketHistory(ctx.db, ctx.auth.userId, data.ticketId),
});

export const assignTicketHolder = defineFunction({
  name: "tickets.assign",
  input: z.object({
    ticketId,
    name: z.string().trim().min(1, "Enter the recipient's name.").max(100),
    phone: z.string().max(40).optional(),
    region: z.string().max(2).optional(),
    email: z.string().max(254).optional(),
    idempotencyKey: z.string().min(8).max(100),
  }),
  access: "signed-in",
  handler: (data, ctx) => assignTicket(ctx.db, passOnDeps(ctx), ctx.auth, data),
});

export const getTicketAssignment = defineFunction({
  name: "tickets.assignment",
  input: ticketInput,
  access: "signed-in",
  handler: async (data, ctx) => {
    const ticket = await findTicket(ctx.db, data.ticketId);
    if (!ticket) throw ticketNotFound();
    const row = await latestAssignmentBy(ctx.db, ctx.auth.userId, ticket.id);
    return { ...assignmentViewOf(row, ticket), eventTitle: ticket.event.title };
  },
});

export const undoTicketAssignment = defineFunction({
  name: "tickets.undoAssign",
  input: ticketInput,
  access: "signed-in",
  handler: (data, ctx) => undoAssignment(ctx.db, passOnDeps(ctx), ctx.auth, data.ticketId),
});

export const claimAssignedTicket = defineFunction({
  name: "tickets.claim",
  input: z.object({ ticketId, shareToken: z.string().min(1).max(100) }),
  access: "signed-in",
  handler: (data, ctx) => claimTicket(ctx.db, ctx.auth, data),
});

export const downloadTicketPdf = defineFunction({
  name: "tickets.pdf",
  input: z.union([ticketInput, z.object({ eventId: z.string().max(100) })]),
  access: "signed-in",
  handler: async (data, ctx) => {
    const keys = await ring(ctx);
    const tickets =
      "ticketId" in data
        ? [await heldTicket(ctx.db, keys, ctx.auth.userId, data.ticketId)]
        : (await walletForEvent(ctx.db, keys, ctx.auth.userId, data.eventId)).tickets;
    const valid = tickets.filter((ticket) => ticket.qr);
    if (valid.length === 0) throw ticketNotFound();
    const bytes = await ticketsPdf(valid);
    const name = valid.length === 1 ? `ticket-${valid[0]?.id.slice(0, 8)}` : "tickets";
    return { filename: `${name}.pdf`, base64: Buffer.from(bytes).toString("base64") };
  },
});

export const verifyTicketQrToken = defineFunction({
  // The organiser's check of a scanned token: the door's verdict, without admitting.
  name: "tickets.verifyToken",
  input: z.object({ eventId: z.string().max(100), token: z.string().max(500) }),
  access: "signed-in",
  handler: async (data, ctx) => {
    // Not an owner (no business at all included): as if the event did not exist.
    const owned = await requireOwnedEvent(ctx.db, ctx.auth.userId, data.eventId).catch(() => null);
    if (!owned) throw new FunctionError("NOT_FOUND", "Event not found.");
    const { event } = owned;
    return tokenVerdict(ctx.db, await ring(ctx), {
      token: data.token,
      doorEventId: event.id,
      userId: ctx.auth.userId,
    });
  },
});

export const rotateTicketKeys = defineFunction({
  name: "tickets.rotateKeys",
  input: z.null().optional(),
  access: { role: "admin" },
  handler: async (_data, ctx) => ({ kid: await (await ring(ctx)).rotate() }),
});

/** The holder's tickets, their QR codes, passing them on. */
export const ticketFunctions = [
  listUpcomingTickets,
  listTicketsForEvent,
  getTicket,
  getSharedTicket,
  getTicketHistory,
  assignTicketHolder,
  getTicketAssignment,
  undoTicketAssignment,
  claimAssignedTicket,
  downloadTicketPdf,
  verifyTicketQrToken,
  rotateTicketKeys,
] as const satisfies readonly AnyFunctionDefinition[];
