import { Anchor, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import {
  data,
  Link,
  type ShouldRevalidateFunctionArgs,
  useActionData,
  useLoaderData,
  useNavigation,
} from "react-router";
import { isFunctionError } from "~/accounts/form-failure";
import { type BookingActionData, runBookingAction } from "~/booking/booking-actions";
import { ConfirmForm } from "~/booking/ConfirmForm";
import { EventHeader } from "~/booking/EventHeader";
import { HoldCountdown } from "~/booking/HoldCountdown";
import { HoldExpired } from "~/booking/HoldExpired";
import { LineItems } from "~/booking/LineItems";
import { QuantityForm } from "~/booking/QuantityForm";
import { ReleaseHoldForm } from "~/booking/ReleaseHoldForm";
import { saleBlocker } from "~/booking/sale-blocker";
import { useSecondsLeft } from "~/booking/use-seconds-left";
import { FormMessage } from "~/components/FormMessage";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";
import { serverContext } from "~/server-context";
import { requireSameOrigin } from "~/session/require-same-origin";
import { useSignedInUser } from "~/session/signed-in-user";
import type { ServerContext } from "../../server/platform/page-context.ts";
import type { Route } from "./+types/booking.$id";

const title = "Book tickets";
const intro =
  "Choose how many of each ticket type you want and we hold them for you for a few minutes, with the time left on screen, while you enter attendee names and confirm. You then get your booking reference and your tickets.";

export const meta = () => screenMeta(title, intro);

async function eventOr404(server: ServerContext, id: string) {
  try {
    return await server.invoke("events.get", { id });
  } catch (error) {
    if (isFunctionError(error) && error.status === "NOT_FOUND") throw data(null, { status: 404 });
    throw error;
  }
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const event = await eventOr404(server, params.id);
  // A draft previewed by its owner has no hold to resume (holds.current says NOT_FOUND).
  const hold = event.preview ? null : await server.invoke("holds.current", { eventId: params.id });
  const secondsLeft = hold
    ? Math.max(0, Math.floor((Date.parse(hold.expiresAt) - Date.now()) / 1000))
    : 0;
  return {
    event,
    hold,
    secondsLeft,
    // Rendered into the hold form: a double submit sends it twice and gets one hold.
    holdKey: crypto.randomUUID(),
    released: new URL(request.url).searchParams.has("released"),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  return runBookingAction(server, params.id, await request.formData());
}

/** After a refused form too: "sold out" or "hold expired" change what the page shows. */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod ? true : defaultShouldRevalidate;
}

function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {heading}
      </Title>
      {children}
    </Stack>
  );
}

function usePendingIntent(): string | null {
  const navigation = useNavigation();
  if (navigation.state === "idle" || !navigation.formData) return null;
  return String(navigation.formData.get("intent") ?? "");
}

type LoaderData = Route.ComponentProps["loaderData"];
type LiveHold = NonNullable<LoaderData["hold"]>;

function HeldStep({ hold, loaded }: { hold: LiveHold; loaded: LoaderData }) {
  const user = useSignedInUser();
  const actionData = useActionData<BookingActionData>();
  const pending = usePendingIntent();
  const secondsLeft = useSecondsLeft(loaded.secondsLeft);
  if (secondsLeft === 0) {
    return <HoldExpired hold={hold} idempotencyKey={loaded.holdKey} pending={pending === "hold"} />;
  }
  return (
    <>
      <Section id="hold-heading" heading="Your tickets">
        <HoldCountdown secondsLeft={secondsLeft} />
        <LineItems items={hold.items} totalMinor={hold.totalMinor} currency={hold.currency} />
        <ReleaseHoldForm holdId={hold.id} pending={pending === "release"} />
      </Section>
      <Section id="attendees-heading" heading="Attendees">
        <ConfirmForm
          hold={hold}
          userName={user?.name ?? null}
          failure={actionData?.intent === "confirm" ? actionData.failure : undefined}
          pending={pending === "confirm"}
        />
      </Section>
    </>
  );
}

function ChooseStep({ loaded }: { loaded: LoaderData }) {
  const actionData = useActionData<BookingActionData>();
  const pending = usePendingIntent();
  const { event } = loaded;
  const blocker = saleBlocker(event);
  // A confirm refused because the hold is gone lands here: its message stays in view.
  const earlier = actionData && actionData.intent !== "hold" ? actionData.failure : undefined;
  return (
    <Section id="choose-heading" heading="Choose your tickets">
      {loaded.released ? <FormMessage kind="notice">Your tickets are released.</FormMessage> : null}
      {earlier ? <FormMessage kind="error">{earlier.message}</FormMessage> : null}
      {blocker ? <FormMessage kind="error">{blocker}</FormMessage> : null}
      {event.status === "cancelled" || event.ended ? null : (
        <QuantityForm
          ticketTypes={event.ticketTypes}
          timeZone={event.timeZone}
          idempotencyKey={loaded.holdKey}
          failure={actionData?.intent === "hold" ? actionData.failure : undefined}
          pending={pending === "hold"}
        />
      )}
    </Section>
  );
}

export default function Page() {
  const loaded = useLoaderData<typeof loader>();
  const { event, hold } = loaded;
  return (
    <Screen title={title}>
      <EventHeader event={event} href={event.path} />
      {hold?.live ? (
        <HeldStep key={hold.id} hold={hold} loaded={loaded} />
      ) : (
        <ChooseStep loaded={loaded} />
      )}
      <Text size="sm">
        <Anchor component={Link} to={event.path}>
          Back to the event
        </Anchor>
      </Text>
    </Screen>
  );
}
