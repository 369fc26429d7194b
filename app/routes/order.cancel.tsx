import { data } from "react-router";
import { type FormFailure, field, formFailure, isFunctionError } from "#app/forms/form-failure.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import type { BookingView } from "#contract/booking-view.ts";
import type { CancellationQuote, RefundView } from "#contract/refund-view.ts";
import type { Route } from "./+types/order.cancel";

/**
 * `/order/cancel`: the cancel dialog's data (no page of its own). GET
 * `?reference=…&ticket=…` answers the owner's booking and the quote of cancelling the
 * chosen tickets (none: the whole booking); POST cancels them (bookings.cancel).
 */
export type CancelDialogData = { booking: BookingView; quote: CancellationQuote };
export type CancelDialogResult =
  | { cancelledCount: number; refund: RefundView | null; failure?: undefined }
  | { failure: FormFailure; cancelledCount?: undefined; refund?: undefined };

export async function loader({ request, context }: Route.LoaderArgs): Promise<CancelDialogData> {
  const server = context.get(serverContext);
  const params = new URL(request.url).searchParams;
  const ticketIds = params.getAll("ticket");
  try {
    const booking = await server.invoke("bookings.get", {
      reference: params.get("reference") ?? "",
    });
    const quote = await server.invoke("bookings.cancellationQuote", {
      bookingId: booking.id,
      ...(ticketIds.length > 0 ? { ticketIds } : {}),
    });
    return { booking, quote };
  } catch (error) {
    if (isFunctionError(error) && error.httpCode < 500) {
      throw new Response("Not found", { status: 404 });
    }
    throw error;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  const form = await request.formData();
  const ticketIds = form.getAll("ticket").map(String);
  try {
    const done = await server.invoke("bookings.cancel", {
      bookingId: field(form, "bookingId"),
      // The whole booking when every valid ticket is chosen: the booking closes.
      ...(field(form, "whole") === "yes" ? {} : { ticketIds }),
    });
    return data<CancelDialogResult>({
      cancelledCount: done.cancelledTicketIds.length,
      refund: done.refund,
    });
  } catch (error) {
    const { failure, status } = formFailure(error, form);
    return data<CancelDialogResult>({ failure }, { status });
  }
}
