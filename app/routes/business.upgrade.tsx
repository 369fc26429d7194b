import { Anchor, Button, SimpleGrid, Text } from "@mantine/core";
import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import { PlanCard } from "#app/business/PlanCard.tsx";
import {
  isLiveSubscription,
  ProSubscriptionAction,
  ProSubscriptionNotes,
  proUntilText,
} from "#app/business/ProSubscriptionNotes.tsx";
import { usageText } from "#app/business/plan-display.ts";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { field, formFailure } from "#app/forms/form-failure.ts";
import { useSubmitting } from "#app/forms/use-submitting.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import { loginRedirectFor } from "#contract/gate.ts";
import type { Route } from "./+types/business.upgrade";

const title = "Plans and upgrade";
const intro =
  "The plans side by side: the free plan allows a limited number of events and one team; the pro plan has unlimited events, more teams and SMS messages. Business owners upgrade from this page.";

export const meta = () => screenMeta(title, intro);

export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  // Back from Stripe's checkout: `done` (paid) or `cancelled` (left it).
  const back = new URL(request.url).searchParams.get("subscription");
  const [plans, owned] = await Promise.all([
    server.invoke("businesses.plans", null),
    server.auth ? server.invoke("businesses.mine", null) : null,
  ]);
  // Asked before the plan is shown: back from a paid checkout, it asks Stripe and may
  // move the plan to Pro without waiting for the webhook.
  const subscription =
    owned?.status === "active"
      ? await server.invoke("payments.subscription", { returned: back === "done" })
      : null;
  const business =
    owned && subscription && subscription.plan !== owned.plan
      ? await server.invoke("businesses.mine", null)
      : owned;
  return { plans, business, subscription, back, signedIn: server.auth !== null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  if (!server.auth) throw redirect(loginRedirectFor("/business/upgrade"));
  const form = await request.formData();
  const intent = field(form, "intent");
  const plan = field(form, "plan");
  try {
    if (intent === "subscribe") {
      // To Stripe's hosted checkout; the plan follows once it is paid.
      const { url } = await server.invoke("payments.subscribePro", null);
      throw redirect(url);
    }
    if (intent === "cancel") {
      const subscription = await server.invoke("payments.cancelPro", null);
      const until = proUntilText(subscription);
      return {
        ok: true as const,
        notice: `Your Pro subscription is cancelled. ${until ? `${until}, then the free plan.` : ""}`,
      };
    }
    const business = await server.invoke("businesses.changePlan", {
      plan: plan as "free" | "pro",
    });
    const notice =
      business.plan === "pro"
        ? "You are on the Pro plan: publish as many events as you like."
        : "You are on the free plan.";
    return { ok: true as const, notice };
  } catch (error) {
    if (error instanceof Response) throw error;
    const { failure, status } = formFailure(error, form);
    return data({ ok: false as const, failure }, { status });
  }
}

export default function Page() {
  const { plans, business, subscription, back, signedIn } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const submitting = useSubmitting();
  const visitorAction = signedIn ? (
    <Button component={Link} to="/business/form" variant="light" fullWidth>
      Apply as a business first
    </Button>
  ) : (
    <Button component={Link} to="/business/form" variant="light" fullWidth>
      Apply as a business
    </Button>
  );
  // Cards on: Pro is a subscription (to the checkout; out of it by cancelling, at the
  // period's end). Cards off, or a Pro from before cards: the plans switch at once.
  const billed = subscription !== null && subscription.cardsOff === null;
  const live = isLiveSubscription(subscription);
  const planAction = (id: "free" | "pro") => {
    if (!billed) return business?.plan === id ? null : "switch";
    if (id === "pro") {
      if (business?.plan === "pro" || subscription?.confirming) return null;
      return <ProSubscriptionAction intent="subscribe" submitting={submitting} />;
    }
    if (!live) return business?.plan === "free" ? null : "switch";
    return subscription?.cancelAtPeriodEnd ? null : (
      <ProSubscriptionAction intent="cancel" submitting={submitting} />
    );
  };
  return (
    <Screen title={title} intro={intro}>
      {result?.ok ? <FormMessage kind="notice">{result.notice}</FormMessage> : null}
      {result && !result.ok ? (
        <FormMessage kind="error">{result.failure.message}</FormMessage>
      ) : null}
      {subscription ? <ProSubscriptionNotes subscription={subscription} back={back} /> : null}
      {business ? (
        <Text>
          <strong>{business.name}</strong> uses {usageText(business.usage)}.{" "}
          <Anchor component={Link} to="/business" underline="always">
            Back to your console
          </Anchor>
        </Text>
      ) : (
        <Text>
          Plans belong to a business. Apply as a business (free) to choose one
          {signedIn ? null : (
            <>
              , or{" "}
              <Anchor
                component={Link}
                to={loginRedirectFor("/business/upgrade")}
                underline="always"
              >
                sign in
              </Anchor>{" "}
              if you already have one
            </>
          )}
          .
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            current={business?.plan === plan.id}
            submitting={submitting}
            action={business ? planAction(plan.id) : visitorAction}
          />
        ))}
      </SimpleGrid>
    </Screen>
  );
}
