import {
  Badge,
  Button,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { Link, redirect, useLoaderData } from "react-router";
import { proUntilText } from "#app/business/ProSubscriptionNotes.tsx";
import { usageText } from "#app/business/plan-display.ts";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import { teamUsageText } from "#app/teams/team-labels.ts";
import { businessTypes } from "#contract/business-options.ts";
import { apiKeysPath, revenuePath, webhooksPath } from "#contract/paths.ts";
import type { Route } from "./+types/business._index";

const title = "Business console";
const intro =
  "Your business at a glance: its plan, how much of it you use (published events and teams), and its events.";

export const meta = () => screenMeta(title, intro);

export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  requireSignedIn(server, request);
  const business = await server.invoke("businesses.mine", null);
  // The console is "my business": without one, the way in is the application form.
  if (!business) throw redirect("/business/form");
  const { usage: teamUsage } = await server.invoke("teams.list", null);
  // A failed Pro payment or a cancelled Pro's end, said here too, not only on the plans page.
  const subscription =
    business.status === "active" ? await server.invoke("payments.subscription", null) : null;
  return {
    business,
    teamUsage,
    subscription,
    saved: new URL(request.url).searchParams.has("saved"),
  };
}

export default function Page() {
  const { business, teamUsage, subscription, saved } = useLoaderData<typeof loader>();
  const proUntil = proUntilText(subscription);
  const { usage } = business;
  const typeLabel = businessTypes.find((type) => type.id === business.type)?.label;
  const full = usage.limit !== null && usage.publishedEvents >= usage.limit;
  return (
    <Screen title={title} intro={intro}>
      {saved ? <FormMessage kind="notice">Your business's details are saved.</FormMessage> : null}
      {business.status === "suspended" ? (
        <FormMessage kind="error" title="Suspended">
          Your business is suspended: its events cannot be changed. Contact support to restore it.
        </FormMessage>
      ) : null}
      {subscription?.warning ? (
        <FormMessage kind="error" title="Payment failed">
          {subscription.warning} <Link to="/business/upgrade">Your plan</Link>
        </FormMessage>
      ) : null}
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="business-name">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={2} id="business-name">
                {business.name}
              </Title>
              <Text c="dimmed">{typeLabel}</Text>
            </div>
            <Badge size="lg" variant={business.plan === "pro" ? "filled" : "light"}>
              {business.plan === "pro" ? "Pro plan" : "Free plan"}
            </Badge>
          </Group>
          {proUntil ? <Text data-testid="pro-until">{proUntil}</Text> : null}
          <Text data-testid="plan-usage">{usageText(usage)}</Text>
          {usage.limit !== null ? (
            <Progress
              value={Math.min(100, (usage.publishedEvents / usage.limit) * 100)}
              aria-label="Published events used on your plan"
              color={full ? "orange" : undefined}
            />
          ) : null}
          {full ? (
            <Text size="sm">
              Your plan is full: upgrade to Pro, or wait for an event to end, to publish another.
            </Text>
          ) : null}
          <Text data-testid="team-usage">{teamUsageText(teamUsage)}</Text>
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Button component={Link} to="/business/events" size="md">
          Your events
        </Button>
        <Button component={Link} to="/business/events/new" size="md" variant="light">
          Create an event
        </Button>
        <Button component={Link} to="/business/teams" size="md" variant="light">
          Your teams
        </Button>
        <Button component={Link} to="/business/payments" size="md" variant="light">
          Card payments
        </Button>
        <Button component={Link} to={revenuePath()} size="md" variant="light">
          Revenue
        </Button>
        <Button component={Link} to={apiKeysPath} size="md" variant="light">
          API keys
        </Button>
        <Button component={Link} to={webhooksPath} size="md" variant="light">
          Webhooks
        </Button>
        <Button component={Link} to="/business/upgrade" size="md" variant="default">
          {business.plan === "pro" ? "Your plan" : "Upgrade to Pro"}
        </Button>
        <Button component={Link} to="/business/form" size="md" variant="default">
          Edit business details
        </Button>
      </SimpleGrid>
    </Screen>
  );
}
