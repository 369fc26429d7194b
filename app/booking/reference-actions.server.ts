import { data, redirect } from "react-router";
import { type FormFailure, field, formFailure, keptValues } from "#app/forms/form-failure.ts";
import type { ServerContext } from "#app/server-context.ts";
import type { BookingView } from "#contract/booking-view.ts";
import { bookingPath } from "#contract/paths.ts";

export type ReferenceActionData =
  | { intent: "lookup"; booking: BookingView; failure?: undefined }
  | { intent: string; booking?: undefined; failure: FormFailure };

async function lookup(server: ServerContext, form: FormData) {
  try {
    const booking = await server.invoke("bookings.lookup", {
      reference: field(form, "reference"),
      contact: field(form, "contact"),
      region: field(form, "region") || undefined,
    });
    return data<ReferenceActionData>({ intent: "lookup", booking });
  } catch (error) {
    const { failure, status } = formFailure(error, form);
    return data<ReferenceActionData>({ intent: "lookup", failure }, { status });
  }
}

async function cancel(server: ServerContext, form: FormData) {
  if (field(form, "confirm") !== "yes") {
    const message = "Tick the box to confirm the cancellation.";
    const failure: FormFailure = {
      message,
      status: "INVALID_ARGUMENT",
      fieldErrors: { confirm: message },
      values: keptValues(form),
    };
    return data<ReferenceActionData>({ intent: "cancel", failure }, { status: 400 });
  }
  try {
    const booking = await server.invoke("bookings.cancel", { bookingId: field(form, "bookingId") });
    return redirect(`${bookingPath(booking.reference)}&cancelled=1`);
  } catch (error) {
    const { failure, status } = formFailure(error, form);
    return data<ReferenceActionData>({ intent: "cancel", failure }, { status });
  }
}

/** `/booking_refrence`'s forms: look a booking up (anyone), cancel one (its owner). */
export function runReferenceAction(server: ServerContext, form: FormData) {
  const intent = field(form, "intent");
  if (intent === "lookup") return lookup(server, form);
  if (intent === "cancel") return cancel(server, form);
  throw new Response("Unknown form", { status: 400 });
}
