import { Anchor, Card, Progress, Stack, Text } from "@mantine/core";
import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import { formatPrice } from "#app/events/format.ts";
import { Section } from "#app/forms/Section.tsx";
import { type EventRefundsView, refundsInProgress } from "#contract/event-refunds-view.ts";
import { orderPath } from "#contract/paths.ts";

const count = new Intl.NumberFormat("en-GB");

/** "1,204 of 2,000 sent, 3 failed": sent is accepted by the provider (pending or succeeded). */
export function refundProgressText(view: EventRefundsView): string {
  const sent = view.byStatus.pending.count + view.byStatus.succeeded.count;
  const failed = view.byStatus.failed.count;
  return `Refunds: ${count.format(sent)} of ${count.format(view.total.count)} sent${
    failed > 0 ? `, ${count.format(failed)} failed` : ""
  }`;
}

/**
 * A cancelled event's refunds going out to the cards of its paid orders: how many were
 * sent, a progress bar, the failed ones with the reason (each opens its order, where the
 * organiser may retry). The page asks again every few seconds while some are on their
 * way. Nothing when the event had no card-paid orders.
 */
export function EventRefundsSection({ refunds }: { refunds: EventRefundsView | null }) {
  const revalidator = useRevalidator();
  const moving = refunds !== null && refundsInProgress(refunds);
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => void revalidator.revalidate(), 3000);
    return () => clearInterval(timer);
  }, [moving, revalidator]);
  if (!refunds || refunds.total.count === 0) return null;
  const done = refunds.total.count - refunds.byStatus.requested.count;
  const percent = Math.round((done / refunds.total.count) * 100);
  const currency = refunds.currency ?? "EUR";
  return (
    <Section id="refunds-heading" heading="Refunds">
      <Stack gap="xs">
        <Text fw={600} data-testid="refund-progress">
          {refundProgressText(refunds)}
        </Text>
        <Progress
          value={percent}
          color={refunds.byStatus.failed.count > 0 ? "orange" : "green"}
          aria-label={`Refunds sent: ${percent}%`}
        />
        <Text size="sm" c="dimmed">
          {formatPrice(refunds.byStatus.succeeded.amountMinor, currency)} back on the cards of{" "}
          {formatPrice(refunds.total.amountMinor, currency)} to refund.
          {moving ? " Still sending: this page updates by itself." : ""}
        </Text>
        {refunds.failed.length > 0 ? (
          <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {refunds.failed.map((failed) => (
              <Card
                key={failed.id}
                component="li"
                withBorder
                radius="md"
                padding="sm"
                data-testid="failed-refund"
              >
                <Anchor component={Link} to={orderPath(refunds.eventId, failed.bookingId)} fw={600}>
                  {failed.bookingReference} · {formatPrice(failed.amountMinor, failed.currency)}
                </Anchor>
                <Text size="sm">{failed.failure ?? "The refund failed."}</Text>
              </Card>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Section>
  );
}
