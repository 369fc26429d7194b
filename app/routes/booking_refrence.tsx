import { Anchor, Stack, Text } from "@mantine/core";
import { Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { phoneRegionsFor } from "#app/accounts/phone-regions.server.ts";
import { BookingDetails } from "#app/booking/BookingDetails.tsx";
import { CancelBookingDialog } from "#app/booking/CancelBookingDialog.tsx";
import { policyLine } from "#app/booking/cancellation-text.ts";
import { LookupForm } from "#app/booking/LookupForm.tsx";
import {
  type ReferenceActionData,
  runReferenceAction,
} from "#app/booking/reference-actions.server.ts";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { isFunctionError } from "#app/forms/form-failure.ts";
import type { ServerContext } from "#app/server-context.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import { receiptPath } from "#contract/paths.ts";
import { hasReceipt } from "#contract/receipt-rule.ts";
import type { Route } from "./+types/booking_refrence";

const title = "Find a booking";
const intro =
  "Look a booking up by its reference, such as K7QM-3TPX. Signed in, you see your own bookings at once; anyone else also enters the phone number or email address used to book.";

export const meta = () => screenMeta(title, intro);

/** The signed-in owner's booking, or null (not theirs, unknown, or nobody signed in). */
async function ownBooking(server: ServerContext, reference: string) {
  if (!server.auth || !reference) return null;
  try {
    return await server.invoke("bookings.get", { reference });
  } catch (error) {
    if (isFunctionError(error) && ["NOT_FOUND", "INVALID_ARGUMENT"].includes(error.status)) {
      return null;
    }
    throw error;
  }
}

/**
 * The booking a link sent to its contact opens (when lookups of its reference were many),
 * or the reason the link no longer works.
 */
async function linkedBooking(server: ServerContext, reference: string, access: string) {
  try {
    return {
      booking: await server.invoke("bookings.lookup", { reference, access }),
      linkError: null,
    };
  } catch (error) {
    if (!isFunctionError(error) || error.httpCode >= 500) throw error;
    return { booking: null, linkError: error.message };
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const params = new URL(request.url).searchParams;
  const reference = params.get("reference")?.trim().slice(0, 20) ?? "";
  const access = params.get("access")?.slice(0, 500) ?? "";
  const [own, phone] = await Promise.all([
    ownBooking(server, reference),
    phoneRegionsFor(server, request),
  ]);
  const linked =
    !own && access && reference ? await linkedBooking(server, reference, access) : null;
  // The policy, stated to the owner of a booking still on (the quote of the whole booking).
  const quote =
    own?.status === "confirmed"
      ? await server.invoke("bookings.cancellationQuote", { bookingId: own.id })
      : null;
  return {
    policy: quote ? policyLine(quote, own?.event.timeZone ?? "UTC") : null,
    reference,
    booking: own ?? linked?.booking ?? null,
    linkError: linked?.linkError ?? null,
    signedIn: server.auth !== null,
    region: phone.defaultRegion,
    cancelled: Number(params.get("cancelled") ?? 0),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  return runReferenceAction(server, await request.formData());
}

function pendingIntent(navigation: ReturnType<typeof useNavigation>): string | null {
  if (navigation.state === "idle" || !navigation.formData) return null;
  return String(navigation.formData.get("intent") ?? "");
}

export default function Page() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<ReferenceActionData>();
  const pending = pendingIntent(useNavigation());
  const booking = loaded.booking ?? actionData?.booking ?? null;
  if (booking) {
    return (
      <Screen title={title}>
        <BookingDetails booking={booking} />
        {loaded.cancelled > 0 ? (
          <FormMessage kind="notice">
            {`${loaded.cancelled} ticket${loaded.cancelled === 1 ? "" : "s"} cancelled.`}
          </FormMessage>
        ) : null}
        {loaded.policy ? (
          <Text size="sm" data-policy>
            {loaded.policy}
          </Text>
        ) : null}
        {loaded.booking?.canCancel ? (
          <CancelBookingDialog reference={loaded.booking.reference} />
        ) : null}
        <Stack gap={4}>
          {loaded.booking && hasReceipt(loaded.booking) ? (
            <Anchor component={Link} to={receiptPath(loaded.booking.reference)}>
              Receipt
            </Anchor>
          ) : null}
          {loaded.signedIn ? (
            <Anchor component={Link} to="/order">
              All your bookings
            </Anchor>
          ) : null}
          <Anchor component={Link} to="/booking_refrence">
            Find another booking
          </Anchor>
        </Stack>
      </Screen>
    );
  }
  return (
    <Screen title={title} intro={intro}>
      {loaded.linkError ? <FormMessage kind="error">{loaded.linkError}</FormMessage> : null}
      {loaded.signedIn && loaded.reference && !loaded.linkError ? (
        <Text>
          This booking is not in your account. Enter the phone number or email address used to book
          it.
        </Text>
      ) : null}
      <LookupForm
        reference={loaded.reference}
        region={loaded.region}
        failure={actionData?.failure}
        pending={pending === "lookup"}
      />
    </Screen>
  );
}
