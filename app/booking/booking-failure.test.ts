import { describe, expect, it } from "vitest";
import { bookingFailure } from "./booking-failure.ts";
import { quantityField } from "./booking-form-fields.ts";

/** The shape of the server's FunctionError, as pages see it. */
function functionError(status: string, message: string, details?: unknown, httpCode = 400) {
  return Object.assign(new Error(message), { status, httpCode, details });
}

function formOf(entries: Record<string, string>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(entries)) form.set(key, value);
  return form;
}

describe("bookingFailure", () => {
  const form = formOf({ "quantity.a": "3", contactEmail: "x" });

  it("puts a per-type refusal (sold out, few left) next to that type's field", () => {
    const error = functionError("FAILED_PRECONDITION", "Sold out.", {
      reason: "sold-out",
      ticketTypeId: "a",
    });
    const { failure, status } = bookingFailure(error, form, () => null, quantityField);
    expect(failure.fieldErrors).toEqual({ "quantity.a": "Sold out." });
    expect(failure.values["quantity.a"]).toBe("3");
    expect(status).toBe(400);
  });

  it("renames input paths to the page's fields, and leaves unmapped ones at the top", () => {
    const error = functionError("INVALID_ARGUMENT", "Enter the attendee's name.", [
      { path: "attendees.1.name", message: "Enter the attendee's name." },
      { path: "idempotencyKey", message: "The request key is too short." },
    ]);
    const { failure } = bookingFailure(error, form, (path) =>
      path.startsWith("attendees.1") ? "attendee.1" : null,
    );
    expect(failure.fieldErrors).toEqual({ "attendee.1": "Enter the attendee's name." });
    expect(failure.message).toBe("Enter the attendee's name.");
  });

  it("keeps a refusal about the whole event without a field", () => {
    const error = functionError("FAILED_PRECONDITION", "This event was cancelled.", {
      reason: "event-cancelled",
    });
    const { failure } = bookingFailure(error, form, () => null, quantityField);
    expect(failure.fieldErrors).toEqual({});
    expect(failure.message).toBe("This event was cancelled.");
  });

  it("rethrows what is not a function's refusal", () => {
    expect(() => bookingFailure(new Error("boom"), form, () => null)).toThrow("boom");
  });
});
