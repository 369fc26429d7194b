import { Anchor, Text } from "@mantine/core";
import {
  Link,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useActionData,
  useLoaderData,
} from "react-router";
import { type BookingActionData, runBookingAction } from "#app/booking/booking-actions.server.ts";
import { bookingCode } from "#app/booking/booking-code.server.ts";
import { CheckoutNotice } from "#app/booking/CheckoutNotice.tsx";
import { ConfirmForm } from "#app/booking/ConfirmForm.tsx";
import { ConfirmingPayment } from "#app/booking/ConfirmingPayment.tsx";
import { checkoutReturn, quoteOf } from "#app/booking/checkout-return.server.ts";
import { EventHeader } from "#app/booking/EventHeader.tsx";
import { HoldCountdown } from "#app/booking/HoldCountdown.tsx";
import { HoldExpired } from "#app/booking/HoldExpired.tsx";
import { codeLines, LineItems } from "#app/booking/LineItems.tsx";
import { QuantityForm } from "#app/booking/QuantityForm.tsx";
import { QuoteLines } from "#app/booking/QuoteLines.tsx";
import { ReleaseHoldForm } from "#app/booking/ReleaseHoldForm.tsx";
import { saleBlocker } from "#app/booking/sale-blocker.ts";
import { useSecondsLeft } from "#app/booking/use-seconds-left.ts";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { ticketsWithCode } from "#app/events/code-tickets.ts";
import { Section } from "#app/forms/Section.tsx";
import { usePendingIntent } from "#app/forms/use-submitting.ts";
import { foundOr404 } from "#app/loaders/found-or-404.server.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import { useSignedInUser } from "#app/session/signed-in-user.ts";
import type { HoldQuestions } from "#contract/event-questions.ts";
import { waitingRoomPath } from "#contract/waiting-room.ts";
import type { Route } from "./+types/booking.$id";

const title = "Book tickets";
const intro =
  "Choose how many of each ticket type you want and we hold them for you for a few minutes, with the time left on screen, while you enter attendee names and confirm. You then get your booking reference and your tickets.";

/** A page without a live hold asks nothing. */
const noQuestions: HoldQuestions = { order: [], attendees: [] };

export const meta = () => screenMeta(title, intro);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const url = new URL(request.url);
  // Back from the payment page (`?checkout={id}`, `&back=1` when cancelled there).
  const checkoutId = url.searchParams.get("checkout");
  const returned = checkoutId
    ? await checkoutReturn(server, checkoutId, url.searchParams.get("back") === "1")
    : null;
  if (returned && "redirectTo" in returned) throw redirect(returned.redirectTo);
  const event = await foundOr404(server.invoke("events.get", { id: params.id }));
  const code = await bookingCode(server, params.id, url.searchParams.get("code"));
  // A draft previewed by its owner has no hold to resume (holds.current says NOT_FOUND).
  const hold = event.preview ? null : await server.invoke("holds.current", { eventId: params.id });
  const [accountEmail, quote, questions] = hold?.live
    ? await Promise.all([
        // The contact email starts as the account's (verified or not); the buyer may change it.
        server.invoke("profile.get", null).then((profile) => profile.email),
        quoteOf(server, hold.id),
        server.invoke("questions.forHold", { holdId: hold.id }),
      ])
    : [null, null, noQuestions];
  const secondsLeft = hold
    ? Math.max(0, Math.floor((Date.parse(hold.expiresAt) - Date.now()) / 1000))
    : 0;
  return {
    event,
    hold,
    accountEmail,
    secondsLeft,
    // Rendered into the hold form: a double submit sends it twice and gets one hold.
    holdKey: crypto.randomUUID(),
    released: url.searchParams.has("released"),
    quote,
    questions,
    checkout: returned,
    code,
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
  const { quote } = loaded;
  const attendeesIntent = quote?.method === "card" ? "pay" : "confirm";
  return (
    <>
      <Section id="hold-heading" heading="Your tickets">
        {loaded.checkout ? (
          <CheckoutNotice returned={loaded.checkout} hold={hold} timeZone={loaded.event.timeZone} />
        ) : null}
        <HoldCountdown
          secondsLeft={secondsLeft}
          expiresAt={hold.expiresAt}
          timeZone={loaded.event.timeZone}
        />
        {quote ? (
          <QuoteLines quote={quote} />
        ) : (
          <LineItems
            items={hold.items}
            extras={codeLines(hold.code, hold.items)}
            totalMinor={hold.totalMinor}
            currency={hold.currency}
          />
        )}
        <ReleaseHoldForm holdId={hold.id} pending={pending === "release"} />
      </Section>
      <Section id="attendees-heading" heading="Attendees">
        <ConfirmForm
          hold={hold}
          quote={quote}
          questions={loaded.questions}
          userName={user?.name ?? null}
          accountEmail={loaded.accountEmail}
          failure={
            actionData?.intent === "confirm" || actionData?.intent === "pay"
              ? actionData.failure
              : undefined
          }
          pending={pending === attendeesIntent}
        />
      </Section>
    </>
  );
}

function ChooseStep({ loaded }: { loaded: LoaderData }) {
  const actionData = useActionData<BookingActionData>();
  const pending = usePendingIntent();
  const applied = loaded.code?.ok ? loaded.code.answer : null;
  const { tickets, code } = ticketsWithCode(loaded.event.ticketTypes, applied);
  // The hidden types a code unlocks are for sale to this buyer as the public ones are.
  const event = {
    ...loaded.event,
    ticketTypes: tickets,
    onSale: loaded.event.onSale || tickets.some((t) => t.onSale),
  };
  const blocker = saleBlocker(event);
  // A confirm refused because the hold is gone lands here: its message stays in view.
  const earlier = actionData && actionData.intent !== "hold" ? actionData.failure : undefined;
  const holdFailure = actionData?.intent === "hold" ? actionData.failure : undefined;
  return (
    <Section id="choose-heading" heading="Choose your tickets">
      {loaded.released ? <FormMessage kind="notice">Your tickets are released.</FormMessage> : null}
      {loaded.checkout ? (
        <CheckoutNotice returned={loaded.checkout} hold={null} timeZone={event.timeZone} />
      ) : null}
      {earlier ? <FormMessage kind="error">{earlier.message}</FormMessage> : null}
      {loaded.code?.ok === false ? (
        <FormMessage kind="error" title={`Code ${loaded.code.code}`}>
          {loaded.code.message} You can still book without it.
        </FormMessage>
      ) : null}
      {applied ? (
        <FormMessage kind="notice">
          Code {applied.code}: {applied.summary}
        </FormMessage>
      ) : null}
      {blocker ? <FormMessage kind="error">{blocker}</FormMessage> : null}
      {event.status === "cancelled" || event.ended ? null : (
        <QuantityForm
          ticketTypes={event.ticketTypes}
          timeZone={event.timeZone}
          tax={event.tax}
          code={code}
          idempotencyKey={loaded.holdKey}
          failure={holdFailure}
          pending={pending === "hold"}
          onward={
            // Refused because the sale has a waiting room and this person has no turn.
            holdFailure?.reason === "waiting-room" ? (
              <Anchor component={Link} to={waitingRoomPath(event.shortId)}>
                Join the waiting room
              </Anchor>
            ) : null
          }
        />
      )}
    </Section>
  );
}

/** Which step the page is at: waiting for a payment, a payment's problem, the hold, or choosing. */
function Step({ loaded }: { loaded: LoaderData }) {
  const { hold, checkout } = loaded;
  if (checkout?.kind === "confirming") return <ConfirmingPayment />;
  if (checkout?.kind === "problem") return <CheckoutNotice returned={checkout} hold={null} />;
  return hold?.live ? (
    <HeldStep key={hold.id} hold={hold} loaded={loaded} />
  ) : (
    <ChooseStep loaded={loaded} />
  );
}

export default function Page() {
  const loaded = useLoaderData<typeof loader>();
  const { event } = loaded;
  return (
    <Screen title={title}>
      <EventHeader event={event} href={event.path} />
      <Step loaded={loaded} />
      <Text size="sm">
        <Anchor component={Link} to={event.path}>
          Back to the event
        </Anchor>
      </Text>
    </Screen>
  );
}
