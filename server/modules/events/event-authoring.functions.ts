import { z } from "zod";
import type { Settings } from "#server/config.ts";
import { listEventNotices } from "#server/modules/notifications/delivery-counts.ts";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import {
  createdEventOutput,
  deletedTicketTypeOutput,
  myEventsOutput,
  ownerEventOutput,
  ownerTicketTypeOutput,
  publishedEventOutput,
  unpublishedEventOutput,
  updatedEventOutput,
} from "./event-api-output.ts";
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
import { requireOwnedEvent } from "./event-ownership.ts";
import type { EventPaymentSteps } from "./event-payment-rules.ts";
import { addOwnedEventDate, repeatOwnedEvent } from "./event-series.functions.ts";
import { setWaitingRoom, waitingRoomInput } from "./event-waiting-room.ts";
import { createTicketType, deleteTicketType, updateTicketType } from "./ticket-types.service.ts";

const eventIdInput = z.object({ eventId: idInput });

type EventAuthoringSteps = {
  /** What other modules do when an event is cancelled (server/steps/event-cancellation.ts). */
  eventCancellation: readonly EventCancellationStep[];
  /** What other modules do when an event's time or venue changes (server/steps). */
  eventChange?: readonly EventChangeStep[];
  /** Card payments (server/steps/event-payments.ts): unset, card-paid types are not checked. */
  eventPayments?: EventPaymentSteps;
};

/** Why cards are off on this server (null: on), as the ticket-type services take it. */
const ticketPayments = (steps: EventAuthoringSteps, ctx: { services: { settings: Settings } }) =>
  steps.eventPayments
    ? {
        cardsOff: steps.eventPayments.cardPaymentsOff(ctx.services.settings),
        steps: steps.eventPayments,
      }
    : { cardsOff: null };

export const listOwnedEvents = defineFunction({
  name: "events.listMine",
  input: z
    .object({ page: z.number().int().min(1, "Pages start at 1.").max(10_000).default(1) })
    .nullish(),
  access: "signed-in",
  api: {
    scope: "events:read",
    summary:
      "A page of your business's events (25 a page), newest start first, with ticket totals.",
    output: myEventsOutput,
  },
  handler: (data, ctx) => listMyEvents(ctx.db, ctx.auth.userId, data?.page ?? 1),
});

export const getOwnedEvent = defineFunction({
  name: "events.getForOwner",
  input: eventIdInput,
  access: "signed-in",
  api: {
    scope: "events:read",
    summary: "One of your events with its ticket types, waiting room and series.",
    output: ownerEventOutput,
  },
  handler: (data, ctx) => getEventForOwner(ctx.db, ctx.auth.userId, data.eventId),
});

/** The event's notices to its people (moved, cancelled) and how far each got, by channel. */
export const listOwnedEventNotices = defineFunction({
  name: "events.notices",
  input: eventIdInput,
  access: "signed-in",
  handler: async (data, ctx) => {
    const { event } = await requireOwnedEvent(ctx.db, ctx.auth.userId, data.eventId);
    return { items: await listEventNotices(ctx.db, event.id) };
  },
});

/** The event's waiting room for a hot on-sale: on or off, its start and capacity (decision 033). */
export const setOwnedEventWaitingRoom = defineFunction({
  name: "events.setWaitingRoom",
  input: waitingRoomInput,
  access: "signed-in",
  handler: (data, ctx) => setWaitingRoom(ctx.db, ctx.auth.userId, data),
});

export const createEventDraft = defineFunction({
  name: "events.create",
  input: createEventInput,
  access: "signed-in",
  api: {
    scope: "events:write",
    write: true,
    summary: "Creates a draft event; times are wall-clock in its time zone.",
    output: createdEventOutput,
  },
  handler: (data, ctx) => createEvent(ctx.db, ctx.auth.userId, data),
});

export const updateOwnedEvent = ({ eventChange = [] }: EventAuthoringSteps) =>
  defineFunction({
    name: "events.update",
    input: updateEventInput,
    access: "signed-in",
    api: {
      scope: "events:write",
      write: true,
      summary: "Changes an event; holders are told of a new time or venue.",
      output: updatedEventOutput,
    },
    handler: (data, ctx) => updateEvent(ctx.db, ctx.auth.userId, data, true, eventChange),
  });

export const publishOwnedEvent = ({ eventPayments }: EventAuthoringSteps) =>
  defineFunction({
    name: "events.publish",
    input: eventIdInput,
    access: "signed-in",
    api: {
      scope: "events:write",
      write: true,
      summary: "Publishes a draft: listed and bookable (needs a ticket type and a free plan slot).",
      output: publishedEventOutput,
    },
    handler: (data, ctx) => publishEvent(ctx.db, ctx.auth.userId, data.eventId, eventPayments),
  });

export const unpublishOwnedEvent = defineFunction({
  name: "events.unpublish",
  input: eventIdInput,
  access: "signed-in",
  api: {
    scope: "events:write",
    write: true,
    summary: "Takes a published event back to draft, while no ticket is taken.",
    output: unpublishedEventOutput,
  },
  handler: (data, ctx) => unpublishEvent(ctx.db, ctx.auth.userId, data.eventId),
});

export const cancelOwnedEvent = ({ eventCancellation }: EventAuthoringSteps) =>
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
  });

export const setOwnedEventCover = defineFunction({
  name: "events.setCover",
  input: setCoverInput,
  access: "signed-in",
  handler: (data, ctx) => setEventCover(ctx.db, ctx.auth.userId, data),
});

export const removeOwnedEventCover = defineFunction({
  name: "events.removeCover",
  input: eventIdInput,
  access: "signed-in",
  handler: (data, ctx) => removeEventCover(ctx.db, ctx.auth.userId, data.eventId),
});

export const addTicketType = (steps: EventAuthoringSteps) =>
  defineFunction({
    name: "ticketTypes.create",
    input: createTicketTypeInput,
    access: "signed-in",
    api: {
      scope: "events:write",
      write: true,
      summary: "Adds a ticket type to an event.",
      output: ownerTicketTypeOutput,
    },
    handler: (data, ctx) =>
      createTicketType(ctx.db, ctx.auth.userId, data, ticketPayments(steps, ctx)),
  });

export const editTicketType = (steps: EventAuthoringSteps) =>
  defineFunction({
    name: "ticketTypes.update",
    input: updateTicketTypeInput,
    access: "signed-in",
    api: {
      scope: "events:write",
      write: true,
      summary: "Changes a ticket type (its capacity never below the tickets taken).",
      output: ownerTicketTypeOutput,
    },
    handler: (data, ctx) =>
      updateTicketType(ctx.db, ctx.auth.userId, data, ticketPayments(steps, ctx)),
  });

export const removeTicketType = defineFunction({
  name: "ticketTypes.delete",
  input: z.object({ ticketTypeId: idInput }),
  access: "signed-in",
  api: {
    scope: "events:write",
    write: true,
    summary: "Deletes a ticket type nobody has taken.",
    output: deletedTicketTypeOutput,
  },
  handler: (data, ctx) => deleteTicketType(ctx.db, ctx.auth.userId, data.ticketTypeId),
});

/**
 * The organiser console: events and their ticket types, for the owner of the event's
 * business only. Everyone else gets NOT_FOUND for an event (ids cannot be probed) and
 * FAILED_PRECONDITION when they own no business.
 */
export const eventAuthoringFunctions = (steps: EventAuthoringSteps) =>
  [
    listOwnedEvents,
    getOwnedEvent,
    listOwnedEventNotices,
    createEventDraft,
    updateOwnedEvent(steps),
    publishOwnedEvent(steps),
    unpublishOwnedEvent,
    cancelOwnedEvent(steps),
    setOwnedEventCover,
    removeOwnedEventCover,
    addTicketType(steps),
    editTicketType(steps),
    removeTicketType,
    setOwnedEventWaitingRoom,
    repeatOwnedEvent,
    addOwnedEventDate,
  ] as const satisfies readonly AnyFunctionDefinition[];
