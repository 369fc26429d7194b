import { Button, Text } from "@mantine/core";
import { useEffect } from "react";
import { Form, useRevalidator } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { formatDay } from "./plan-display.ts";

/** The Pro subscription as the server reports it (payments.subscription). */
export type ProSubscriptionState = {
  plan: "free" | "pro";
  cardsOff: string | null;
  status: "incomplete" | "active" | "past-due" | "cancelled" | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  confirming: boolean;
  warning: string | null;
};

/** A live subscription (paid or being retried): the one way out of Pro is cancelling it. */
export const isLiveSubscription = (s: ProSubscriptionState | null) =>
  s !== null && (s.status === "active" || s.status === "past-due");

/** "Pro until 12 Jan 2027" once cancelled at the period's end; null otherwise. */
export function proUntilText(s: ProSubscriptionState | null): string | null {
  if (!s || !isLiveSubscription(s) || !s.cancelAtPeriodEnd || !s.currentPeriodEnd) return null;
  return `Pro until ${formatDay(s.currentPeriodEnd)}`;
}

/**
 * What the owner must know about their subscription above the plans: a failed payment,
 * the end of a cancelled Pro, or (back from the checkout) that it is being confirmed;
 * while confirming, the page asks the server again every few seconds.
 */
export function ProSubscriptionNotes({
  subscription,
  back,
}: {
  subscription: ProSubscriptionState;
  back: string | null;
}) {
  const revalidator = useRevalidator();
  const { confirming } = subscription;
  useEffect(() => {
    if (!confirming) return;
    const timer = setInterval(() => void revalidator.revalidate(), 2000);
    return () => clearInterval(timer);
  }, [confirming, revalidator]);
  const until = proUntilText(subscription);
  return (
    <>
      {subscription.cardsOff ? (
        <Text data-testid="no-card-charged">
          No card is charged: card payments are not set up on this server, so the plans switch at
          once.
        </Text>
      ) : null}
      {subscription.warning ? (
        <FormMessage kind="error" title="Payment failed">
          {subscription.warning}
        </FormMessage>
      ) : null}
      {confirming ? <FormMessage kind="notice">Confirming your subscription…</FormMessage> : null}
      {back === "done" && !confirming && subscription.plan === "pro" ? (
        <FormMessage kind="notice">
          You are on the Pro plan: publish as many events as you like.
        </FormMessage>
      ) : null}
      {back === "cancelled" ? (
        <FormMessage kind="notice">
          You left the checkout: nothing was charged and your plan is unchanged.
        </FormMessage>
      ) : null}
      {until ? (
        <Text data-testid="pro-until">{until}, then your business moves to the free plan.</Text>
      ) : null}
    </>
  );
}

/** The Pro card's button with cards on: to the checkout, or cancel at the period's end. */
export function ProSubscriptionAction({
  intent,
  submitting,
}: {
  intent: "subscribe" | "cancel";
  submitting: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button
        type="submit"
        variant={intent === "subscribe" ? "filled" : "default"}
        loading={submitting}
        fullWidth
      >
        {intent === "subscribe" ? "Upgrade to Pro" : "Cancel Pro"}
      </Button>
    </Form>
  );
}
