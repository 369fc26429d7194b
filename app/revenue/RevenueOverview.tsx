import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import type { RevenueView } from "#contract/revenue-view.ts";
import { RevenueCards } from "./RevenueCards.tsx";
import { RevenueChart } from "./RevenueChart.tsx";
import { RevenueByDay, RevenueByEvent, RevenueByType } from "./RevenueTables.tsx";

function NoSales({ business }: { business: boolean }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="xs">
        <Title order={2} size="h3">
          No sales yet
        </Title>
        <Text>
          {business
            ? "Once your events sell tickets, their gross, fees, refunds and net show here, by day, ticket type and event."
            : "Once this event sells tickets, its gross, fees, refunds and net show here, by day and ticket type."}
        </Text>
      </Stack>
    </Card>
  );
}

/** One event's revenue, or the business's (`view.scope.event` null), per currency. */
export function RevenueOverview({ view, csvPath }: { view: RevenueView; csvPath: string }) {
  const business = view.scope.event === null;
  if (view.totals.length === 0) return <NoSales business={business} />;
  return (
    <Stack gap="xl">
      <Group justify="flex-end">
        {/* A plain link: the browser downloads the file (no client-side navigation). */}
        <Button component="a" href={csvPath} download variant="light">
          Download CSV
        </Button>
      </Group>
      {view.totals.map((total) => {
        const days = view.byDay.filter((d) => d.currency === total.currency);
        const several = view.totals.length > 1;
        return (
          <Stack
            key={total.currency}
            gap="md"
            component="section"
            aria-label={`Revenue in ${total.currency}`}
          >
            {several ? (
              <Title order={2} size="h3">
                In {total.currency}
              </Title>
            ) : null}
            <RevenueCards total={total} />
            <RevenueChart days={days} currency={total.currency} />
            <RevenueByType
              rows={view.byType.filter((t) => t.currency === total.currency)}
              withEvent={business}
            />
            {business ? (
              <RevenueByEvent rows={view.byEvent.filter((e) => e.currency === total.currency)} />
            ) : null}
            <RevenueByDay rows={days} />
          </Stack>
        );
      })}
    </Stack>
  );
}
