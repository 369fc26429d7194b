import { FormMessage } from "#app/components/FormMessage.tsx";
import { formatEventClock } from "#contract/event-time.ts";
import type { HoldView } from "#contract/hold-view.ts";
import type { CheckoutReturn } from "./checkout-return.ts";

/** "Your tickets are still held until 18:42." (the event's clock), or nothing once it lapsed. */
function stillHeld(hold: HoldView | null, timeZone: string | undefined): string {
  if (!hold?.live || !timeZone) return "";
  return ` Your tickets are still held until ${formatEventClock(hold.expiresAt, timeZone)}.`;
}

/**
 * What became of the payment, above the hold (or the ticket choice once the hold lapsed):
 * cancelled at the provider (a notice), a declined card (the provider's words, an error),
 * timed out, or a problem after paying (refunded, flagged).
 */
export function CheckoutNotice({
  returned,
  hold,
  timeZone,
}: {
  returned: CheckoutReturn;
  hold: HoldView | null;
  timeZone?: string;
}) {
  switch (returned.kind) {
    case "confirming":
      return null;
    case "cancelled":
      return returned.message ? (
        <FormMessage kind="error" title="Payment not made">
          {returned.message}
          {stillHeld(hold, timeZone)}
        </FormMessage>
      ) : (
        <FormMessage kind="notice">Payment cancelled.{stillHeld(hold, timeZone)}</FormMessage>
      );
    case "expired":
      return (
        <FormMessage kind="notice">
          The payment page timed out, and nothing was charged.{stillHeld(hold, timeZone)}
        </FormMessage>
      );
    case "problem":
      return <FormMessage kind="error">{returned.message}</FormMessage>;
  }
}
