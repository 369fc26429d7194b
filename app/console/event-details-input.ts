import { field } from "#app/forms/form-failure.ts";
import { readTaxRate } from "./tax-rate-input.ts";

/** The event editor's fields as a function input (`events.create`, `events.update`). */
export function eventDetailsFrom(form: FormData) {
  return {
    title: field(form, "title"),
    description: field(form, "description"),
    venueName: field(form, "venueName"),
    venueAddress: field(form, "venueAddress"),
    timeZone: field(form, "timeZone"),
    startsLocal: field(form, "startsLocal"),
    endsLocal: field(form, "endsLocal"),
    category: field(form, "category") as "music",
    // The hidden "off" always comes; "on" as well when the box is ticked.
    reminders: form.getAll("reminders").includes("on"),
    // A form without the tax fields leaves the event's tax as it is.
    ...(form.has("taxRate") ? { taxRateBp: readTaxRate(field(form, "taxRate")) } : {}),
    ...(form.has("taxMode") ? { taxInclusive: field(form, "taxMode") !== "added" } : {}),
  };
}
