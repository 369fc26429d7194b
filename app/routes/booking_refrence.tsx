import { Anchor, Stack, Text } from "@mantine/core";
import { Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { isFunctionError } from "~/accounts/form-failure";
import { phoneRegionsFor } from "~/accounts/phone-regions";
import { BookingDetails } from "~/booking/BookingDetails";
import { CancelBookingForm } from "~/booking/CancelBookingForm";
import { LookupForm } from "~/booking/LookupForm";
import { type ReferenceActionData, runReferenceAction } from "~/booking/reference-actions";
import { FormMessage } from "~/components/FormMessage";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";
import { serverContext } from "~/server-context";
import { requireSameOrigin } from "~/session/require-same-origin";
import type { ServerContext } from "../../server/platform/page-context.ts";
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

export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const params = new URL(request.url).searchParams;
  const reference = params.get("reference")?.trim().slice(0, 20) ?? "";
  const [booking, phone] = await Promise.all([
    ownBooking(server, reference),
    phoneRegionsFor(server, request),
  ]);
  return {
    reference,
    booking,
    signedIn: server.auth !== null,
    region: phone.defaultRegion,
    cancelled: params.has("cancelled"),
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
        {loaded.cancelled ? (
          <FormMessage kind="notice">Your booking is cancelled.</FormMessage>
        ) : null}
        <BookingDetails booking={booking} />
        {loaded.booking?.canCancel ? (
          <CancelBookingForm
            bookingId={loaded.booking.id}
            ticketCount={loaded.booking.ticketCount}
            failure={actionData?.intent === "cancel" ? actionData.failure : undefined}
            pending={pending === "cancel"}
          />
        ) : null}
        <Stack gap={4}>
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
      {loaded.signedIn && loaded.reference ? (
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
