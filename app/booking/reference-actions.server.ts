import { data } from "react-router";
import { type FormFailure, field, formFailure } from "#app/forms/form-failure.ts";
import type { ServerContext } from "#app/server-context.ts";
import type { BookingView } from "#contract/booking-view.ts";

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

/** `/booking_refrence`'s form: look a booking up (anyone); cancelling is the dialog's (`/order/cancel`). */
export function runReferenceAction(server: ServerContext, form: FormData) {
  const intent = field(form, "intent");
  if (intent === "lookup") return lookup(server, form);
  throw new Response("Unknown form", { status: 400 });
}
