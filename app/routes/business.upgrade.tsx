import { Anchor, Button, SimpleGrid, Text } from "@mantine/core";
import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import { PlanCard } from "#app/business/PlanCard.tsx";
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

export async function loader({ context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const [plans, business] = await Promise.all([
    server.invoke("businesses.plans", null),
    server.auth ? server.invoke("businesses.mine", null) : null,
  ]);
  return { plans, business, signedIn: server.auth !== null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  if (!server.auth) throw redirect(loginRedirectFor("/business/upgrade"));
  const form = await request.formData();
  const plan = field(form, "plan");
  try {
    const business = await server.invoke("businesses.changePlan", {
      plan: plan as "free" | "pro",
    });
    const notice =
      business.plan === "pro"
        ? "You are on the Pro plan: publish as many events as you like."
        : "You are on the free plan.";
    return { ok: true as const, notice };
  } catch (error) {
    const { failure, status } = formFailure(error, form);
    return data({ ok: false as const, failure }, { status });
  }
}

export default function Page() {
  const { plans, business, signedIn } = useLoaderData<typeof loader>();
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
  return (
    <Screen title={title} intro={intro}>
      {result?.ok ? <FormMessage kind="notice">{result.notice}</FormMessage> : null}
      {result && !result.ok ? (
        <FormMessage kind="error">{result.failure.message}</FormMessage>
      ) : null}
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
            action={business ? (business.plan === plan.id ? null : "switch") : visitorAction}
          />
        ))}
      </SimpleGrid>
    </Screen>
  );
}
