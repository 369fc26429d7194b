import { Badge, Card, Group, Stack, Text } from "@mantine/core";
import { formatPrice } from "#app/events/format.ts";
import { Section } from "#app/forms/Section.tsx";
import type { PaymentIssueView } from "#contract/payment-issue-view.ts";

const refundLabels = { refunding: "Refund on its way", refunded: "Refunded" } as const;

// UTC: the server's render and the browser's must agree.
const issueTime = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

/**
 * The event's card payments that need the organiser: a late payment refunded because its
 * tickets were gone, an amount that did not match (never confirmed), a dispute. Nothing
 * at all when there is none.
 */
export function EventPaymentIssuesSection({ issues }: { issues: PaymentIssueView[] }) {
  if (issues.length === 0) return null;
  return (
    <Section id="payment-issues-heading" heading="Payments needing attention">
      <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {issues.map((issue) => (
          <Card
            key={issue.checkoutId}
            component="li"
            withBorder
            radius="md"
            padding="sm"
            data-testid="payment-issue"
          >
            <Stack gap={4}>
              <Group justify="space-between" align="flex-start" gap="xs">
                <Text fw={600}>
                  {issue.buyerName} · {formatPrice(issue.amountMinor, issue.currency.toUpperCase())}
                </Text>
                <Group gap={4}>
                  {issue.disputedAt ? (
                    <Badge color="red" variant="light">
                      Disputed
                    </Badge>
                  ) : null}
                  {issue.refund ? (
                    <Badge color={issue.refund === "refunded" ? "green" : "yellow"} variant="light">
                      {refundLabels[issue.refund]}
                    </Badge>
                  ) : null}
                </Group>
              </Group>
              <Text size="sm">{issue.whatHappened}</Text>
              <Text size="xs" c="dimmed">
                {issueTime.format(new Date(issue.at))} UTC
              </Text>
            </Stack>
          </Card>
        ))}
      </Stack>
    </Section>
  );
}
