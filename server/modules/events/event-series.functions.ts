import { defineFunction } from "#server/platform/callable/define-function.ts";
import { addDateInput, repeatInput } from "./event-input.ts";
import { addSeriesDate, repeatEvent } from "./event-series.service.ts";

/** `events.repeat`: weekly dates of an event up to a last day (decision 035), owner only. */
export const repeatOwnedEvent = defineFunction({
  name: "events.repeat",
  input: repeatInput,
  access: "signed-in",
  handler: (data, ctx) => repeatEvent(ctx.db, ctx.auth.userId, data),
});

/** `events.addDate`: one more date of an event's series, owner only. */
export const addOwnedEventDate = defineFunction({
  name: "events.addDate",
  input: addDateInput,
  access: "signed-in",
  handler: (data, ctx) => addSeriesDate(ctx.db, ctx.auth.userId, data),
});
