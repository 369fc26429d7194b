import { z } from "zod";
import { eventCategories } from "#contract/event-options.ts";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import { eventCalendar } from "./event-calendar.ts";
import { searchEvents } from "./event-discovery.service.ts";
import { getEventPage } from "./event-page.service.ts";
import { platformFeeOf } from "./platform-fee.ts";

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-12-31.")
  .refine((value) => {
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
  }, "Use a real date like 2026-12-31.");

/** Empty form fields mean "no filter", so a GET form can be sent as typed. */
const blankAsUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

export const searchInput = z
  .object({
    q: z.preprocess(
      blankAsUndefined,
      z.string().trim().max(200, "Use at most 200 characters.").optional(),
    ),
    category: z.preprocess(
      blankAsUndefined,
      z
        .enum(
          eventCategories.map((c) => c.id),
          { error: "Choose a category from the list." },
        )
        .optional(),
    ),
    from: z.preprocess(blankAsUndefined, day.optional()),
    to: z.preprocess(blankAsUndefined, day.optional()),
    page: z.coerce.number().int().min(1).max(1000).default(1),
    pageSize: z.coerce.number().int().min(1).max(48).default(12),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    path: ["to"],
    message: "The end date must be on or after the start date.",
  });

const eventId = z.object({ id: z.string().min(1).max(200) });

export const searchPublicEvents = defineFunction({
  name: "events.search",
  input: searchInput,
  access: "public",
  handler: ({ page, pageSize, ...filters }, ctx) =>
    searchEvents(
      ctx.db,
      filters,
      { page, pageSize },
      new Date(),
      platformFeeOf(ctx.services.settings),
    ),
});

export const getPublicEvent = defineFunction({
  name: "events.get",
  input: eventId,
  access: "public",
  handler: (data, ctx) =>
    getEventPage(
      ctx.db,
      data.id,
      ctx.auth?.userId ?? null,
      new Date(),
      platformFeeOf(ctx.services.settings),
    ),
});

export const getEventCalendar = defineFunction({
  name: "events.calendar",
  input: eventId,
  access: "public",
  handler: async (data, ctx) => {
    const event = await getEventPage(ctx.db, data.id, ctx.auth?.userId ?? null);
    const base = new URL(ctx.services.settings.PUBLIC_URL);
    const url = new URL(event.path, base).toString();
    return {
      filename: `${event.path.slice(1)}.ics`,
      text: eventCalendar({ ...event, url, host: base.hostname }),
    };
  },
});

/** Discovery: the public list, an event's page and its calendar file. */
export const eventDiscoveryFunctions = [
  searchPublicEvents,
  getPublicEvent,
  getEventCalendar,
] as const satisfies readonly AnyFunctionDefinition[];
