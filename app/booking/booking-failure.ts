import { type FormFailure, formFailure } from "#app/forms/form-failure.ts";

type Issue = { path?: unknown; message?: unknown };

/**
 * The booking forms' refusals with their field errors under the page's own field names.
 * `fieldOf` maps a function's input path ("items.0.quantity", "attendees.1.name") to a
 * form field, or null to leave the message at the top of the form.
 */
export function bookingFailure(
  error: unknown,
  form: FormData,
  fieldOf: (path: string) => string | null,
  ticketTypeField?: (ticketTypeId: string) => string,
): { failure: FormFailure; status: number } {
  const { failure, status } = formFailure(error, form);
  const details = (error as { details?: unknown }).details;
  const fieldErrors: Record<string, string> = {};
  if (Array.isArray(details)) {
    for (const issue of details as Issue[]) {
      if (typeof issue.path !== "string" || typeof issue.message !== "string") continue;
      const name = fieldOf(issue.path);
      if (name && !fieldErrors[name]) fieldErrors[name] = issue.message;
    }
  } else if (details && typeof details === "object" && ticketTypeField) {
    // "Sold out.", "Only 2 tickets left.", "Sales open on …": about one ticket type.
    const typeId = (details as { ticketTypeId?: unknown }).ticketTypeId;
    if (typeof typeId === "string") fieldErrors[ticketTypeField(typeId)] = failure.message;
  }
  return { failure: { ...failure, fieldErrors }, status };
}
