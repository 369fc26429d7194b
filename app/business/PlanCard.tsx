import { Badge, Button, Card, Group, List, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { formatPrice, limitText } from "./plan-display.ts";

export type PlanOfferView = {
  id: "free" | "pro";
  name: string;
  priceMinor: number;
  currency: string;
  publishedEvents: number | null;
  teams: number | null;
  sms: boolean;
  attendeeMessagesPerMonth: number | null;
};

type Props = {
  plan: PlanOfferView;
  current: boolean;
  /** What the card offers: a button to switch to it, a link, or nothing. */
  action: "switch" | ReactNode;
  submitting: boolean;
};

/** One plan, side by side with the other: price, limits, and the way to choose it. */
export function PlanCard({ plan, current, action, submitting }: Props) {
  const headingId = `plan-${plan.id}`;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby={headingId}
      data-testid={`plan-${plan.id}`}
      style={
        current ? { borderColor: "var(--mantine-primary-color-filled)", borderWidth: 2 } : undefined
      }
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="center">
          <Title order={2} size="h3" id={headingId}>
            {plan.name}
          </Title>
          {current ? <Badge variant="filled">Current plan</Badge> : null}
        </Group>
        <Text>
          <Text span fz="xl" fw={700}>
            {plan.priceMinor === 0 ? "Free" : formatPrice(plan.priceMinor, plan.currency)}
          </Text>
          {plan.priceMinor === 0 ? null : (
            <Text span c="dimmed">
              {" "}
              per month
            </Text>
          )}
        </Text>
        <List spacing="xs">
          <List.Item>
            {limitText(plan.publishedEvents, "published event", "published events")} at a time
          </List.Item>
          <List.Item>{limitText(plan.teams, "team", "teams")}</List.Item>
          <List.Item>
            {limitText(
              plan.attendeeMessagesPerMonth,
              "message to attendees",
              "messages to attendees",
            )}{" "}
            a month
          </List.Item>
          <List.Item>{plan.sms ? "SMS messages to attendees" : "Email messages only"}</List.Item>
        </List>
        <div style={{ marginTop: "auto" }}>
          {action === "switch" ? (
            <Form method="post">
              <input type="hidden" name="plan" value={plan.id} />
              <Button
                type="submit"
                variant={plan.id === "pro" ? "filled" : "default"}
                loading={submitting}
                fullWidth
              >
                {plan.id === "pro" ? "Upgrade to Pro" : "Switch to free"}
              </Button>
            </Form>
          ) : (
            action
          )}
        </div>
      </Stack>
    </Card>
  );
}
