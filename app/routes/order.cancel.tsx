import { Anchor } from "@mantine/core";
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
} from "react-router";
import { CancelTicketsForm } from "#app/booking/CancelTicketsForm.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { type FormFailure, field, formFailure, isFunctionError } from "#app/forms/form-failure.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import type { BookingView } from "#contract/booking-view.ts";
import { bookingPath } from "#contract/paths.ts";
import type { CancellationQuote, RefundView } from "#contract/refund-view.ts";
import type { Route } from "./+types/order.cancel";

/**
 * `/order/cancel`: the cancel dialog's data. GET `?reference=…&ticket=…` answers the
 * owner's booking and the quote of cancelling the chosen tickets (none: the whole
 * booking); POST cancels the ticked ones (bookings.cancel; all of them closes the
 * booking). Without JavaScript it is a page with the same form, answered by the booking's
 * page.
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
      ticketIds,
    });
    if (field(form, "page") === "yes") {
      return redirect(`${bookingPath(done.reference)}&cancelled=${done.cancelledTicketIds.length}`);
    }
    return data<CancelDialogResult>({
      cancelledCount: done.cancelledTicketIds.length,
      refund: done.refund,
    });
  } catch (error) {
    const { failure, status } = formFailure(error, form);
    return data<CancelDialogResult>({ failure }, { status });
  }
}

export const meta = () => screenMeta("Cancel a booking", "Choose the tickets to cancel.");

/** The form as a page, for a browser without JavaScript (the dialog's link). */
export default function Page() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<CancelDialogResult>();
  const pending = useNavigation().state !== "idle";
  return (
    <Screen title={`Cancel booking ${loaded.booking.reference}`}>
      <CancelTicketsForm
        data={loaded}
        FormComponent={Form}
        failure={answer?.failure?.message}
        pending={pending}
        hidden={<input type="hidden" name="page" value="yes" />}
        keep={
          <Anchor component={Link} to={bookingPath(loaded.booking.reference)}>
            Keep my booking
          </Anchor>
        }
      />
    </Screen>
  );
}
