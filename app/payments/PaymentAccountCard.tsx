import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Form } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { useSubmitting } from "#app/forms/use-submitting.ts";
import type { PaymentAccountState } from "#contract/payment-options.ts";
import { accountLookOf } from "./payment-account-labels.ts";

type Props = {
  cardPayments: { on: boolean; reason: string | null };
  account: { state: PaymentAccountState; connectedAt: string } | null;
};

// UTC: the server's render and the browser's must agree.
const connectedDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });

/** The business's Stripe account: its state, what it means, and the way (back) to Stripe. */
export function PaymentAccountCard({ cardPayments, account }: Props) {
  const submitting = useSubmitting();
  const look = accountLookOf(account);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="stripe-heading">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h3" id="stripe-heading">
            Stripe account
          </Title>
          <Badge size="lg" color={look.color} variant="light" data-testid="payment-account-state">
            {look.label}
          </Badge>
        </Group>
        <Text>{look.meaning}</Text>
        {account ? (
          <Text size="sm" c="dimmed">
            Connected on {connectedDate.format(new Date(account.connectedAt))}.
          </Text>
        ) : null}
        {cardPayments.on ? null : (
          <FormMessage kind="notice" title="Card payments are off">
            {cardPayments.reason}
          </FormMessage>
        )}
        {look.action && cardPayments.on ? (
          <Form method="post">
            <input type="hidden" name="intent" value="connect" />
            <Button type="submit" loading={submitting}>
              {look.action}
            </Button>
          </Form>
        ) : null}
      </Stack>
    </Card>
  );
}
