import { z } from "zod";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import {
  cancelEvent,
  createEvent,
  getEventForOwner,
  listMyEvents,
  publishEvent,
  unpublishEvent,
  updateEvent,
} from "./event-authoring.service.ts";
import type { EventCancellationStep, EventChangeStep } from "./event-cancellation.ts";
import { removeEventCover, setEventCover } from "./event-images.service.ts";
import {
  cancelEventInput,
  createEventInput,
  createTicketTypeInput,
  idInput,
  setCoverInput,
  updateEventInput,
  updateTicketTypeInput,
} from "./event-input.ts";
import { createTicketType, deleteTicketType, updateTicketType } from "./ticket-types.service.ts";

const eventIdInput = z.object({ eventId: idInput });

/**
 * The organiser console: events and their ticket types, for the owner of the event's
 * business only. Everyone else gets NOT_FOUND for an event (ids cannot be probed) and
 * FAILED_PRECONDITION when they own no business.
 */
export const eventAuthoringFunctions = ({
  eventCancellation,
  eventChange = [],
}: {
  /** What other modules do when an event is cancelled (server/steps/event-cancellation.ts). */
  eventCancellation: readonly EventCancellationStep[];
  /** What other modules do when an event's time or venue changes (server/steps). */
  eventChange?: readonly EventChangeStep[];
}) =>
  [
    defineFunction({
      name: "events.listMine",
      input: z
        .object({ page: z.number().int().min(1, "Pages start at 1.").max(10_000).default(1) })
        .nullish(),
      access: "signed-in",
      handler: (data, ctx) => listMyEvents(ctx.db, ctx.auth.userId, data?.page ?? 1),
    }),
    defineFunction({
      name: "events.getForOwner",
      input: eventIdInput,
      access: "signed-in",
      handler: (data, ctx) => getEventForOwner(ctx.db, ctx.auth.userId, data.eventId),
    }),
    defineFunction({
      name: "events.create",
      input: createEventInput,
      access: "signed-in",
      handler: (data, ctx) => createEvent(ctx.db, ctx.auth.userId, data),
    }),
    defineFunction({
      name: "events.update",
      input: updateEventInput,
      access: "signed-in",
      handler: (data, ctx) =>
        updateEvent(
          ctx.db,
          ctx.auth.userId,
          data,
          { messages: ctx.services.messages, publicUrl: ctx.services.settings.PUBLIC_URL },
          eventChange,
        ),
    }),
    defineFunction({
      name: "events.publish",
      input: eventIdInput,
      access: "signed-in",
      handler: (data, ctx) => publishEvent(ctx.db, ctx.auth.userId, data.eventId),
    }),
    defineFunction({
      name: "events.unpublish",
      input: eventIdInput,
      access: "signed-in",
      handler: (data, ctx) => unpublishEvent(ctx.db, ctx.auth.userId, data.eventId),
    }),
    defineFunction({
      name: "events.cancel",
      input: cancelEventInput,
      access: "signed-in",
      handler: async (data, ctx) => {
        const result = await cancelEvent(ctx.db, ctx.auth.userId, data, {
          // Test kits may run without a message service: holders are then told in-app only.
          messages: ctx.services.messages ?? null,
          publicUrl: ctx.services.settings.PUBLIC_URL,
          steps: eventCancellation,
        });
        ctx.log.info({ eventId: data.eventId, reason: data.reason }, "event cancelled");
        return result;
      },
    }),
    defineFunction({
      name: "events.setCover",
      input: setCoverInput,
      access: "signed-in",
      handler: (data, ctx) => setEventCover(ctx.db, ctx.auth.userId, data),
    }),
    defineFunction({
      name: "events.removeCover",
      input: eventIdInput,
      access: "signed-in",
      handler: (data, ctx) => removeEventCover(ctx.db, ctx.auth.userId, data.eventId),
    }),
    defineFunction({
      name: "ticketTypes.create",
      input: createTicketTypeInput,
      access: "signed-in",
      handler: (data, ctx) => createTicketType(ctx.db, ctx.auth.userId, data),
    }),
    defineFunction({
      name: "ticketTypes.update",
      input: updateTicketTypeInput,
      access: "signed-in",
      handler: (data, ctx) => updateTicketType(ctx.db, ctx.auth.userId, data),
    }),
    defineFunction({
      name: "ticketTypes.delete",
      input: z.object({ ticketTypeId: idInput }),
      access: "signed-in",
      handler: (data, ctx) => deleteTicketType(ctx.db, ctx.auth.userId, data.ticketTypeId),
    }),
  ] as const satisfies readonly AnyFunctionDefinition[];
