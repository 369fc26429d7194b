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
    ...cancellationPolicyFrom(form),
    // Only a date of a series has the choice; the server ignores it otherwise.
    ...(form.has("scope") ? { scope: field(form, "scope") as "this" } : {}),
    // Thousands may be typed with commas or spaces ("25,000").
    ...(form.has("offlineSearchLimit")
      ? {
          offlineSearchLimit: wholeNumber(
            field(form, "offlineSearchLimit").replace(/(?<=\d)[,\s](?=\d{3})/g, ""),
          ),
        }
      : {}),
  };
}

/** A whole number as typed ("" is 0); anything else NaN, which the server refuses on the field. */
function wholeNumber(text: string): number {
  const value = text.trim();
  if (value === "") return 0;
  return /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
}

/** The cancellation policy's fields; a form without them leaves the policy as it is. */
function cancellationPolicyFrom(form: FormData) {
  return {
    // The hidden "off" always comes with the box; "on" as well when it is ticked.
    ...(form.has("attendeeCancellation")
      ? { attendeeCancellation: form.getAll("attendeeCancellation").includes("on") }
      : {}),
    ...(form.has("cancellationDeadlineHours")
      ? { cancellationDeadlineHours: wholeNumber(field(form, "cancellationDeadlineHours")) }
      : {}),
    ...(form.has("cancellationFeePercent")
      ? { cancellationFeePercent: wholeNumber(field(form, "cancellationFeePercent")) }
      : {}),
  };
}
