import { Anchor, Badge, Button, Card, Group, Stack, Table, Text } from "@mantine/core";
import { useFetcher } from "react-router";
import { AnswerList } from "#app/components/AnswerList.tsx";
import { formatPrice } from "#app/events/format.ts";
import type { IntentResult } from "#app/forms/intent-action.ts";
import { Section } from "#app/forms/Section.tsx";
import { formatEventTime } from "#contract/event-time.ts";
import type { OrderView } from "#contract/order-view.ts";
import { invoicePdfPath } from "#contract/paths.ts";
import type { RefundView } from "#contract/refund-view.ts";
import { IntentAnswer } from "./IntentAnswer.tsx";
import { refundStatusLabels, ticketStatusLabels } from "./order-labels.ts";

const when = (at: string, zone: string) => formatEventTime(at, zone, { weekday: false });

/** The answers given once for the order at checkout (decision 037), under the buyer. */
export function OrderAnswers({ order }: { order: OrderView }) {
  return (
    <AnswerList
      answers={order.answers.filter((answer) => answer.ticketId === null)}
      label="The order's answers"
    />
  );
}

/** The order's tickets: attendee, type, status, holder when passed on, its answers. */
export function OrderTickets({ order }: { order: OrderView }) {
  return (
    <Section id="tickets-heading" heading="Tickets">
      <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {order.tickets.map((ticket) => (
          <Card key={ticket.id} component="li" withBorder padding="xs" radius="md">
            <Group justify="space-between" gap="xs">
              <Text fw={600}>{ticket.attendeeName}</Text>
              <Badge variant="light" color={ticket.status === "cancelled" ? "gray" : "green"}>
                {ticketStatusLabels[ticket.status]}
              </Badge>
            </Group>
            <Text size="sm">
              {ticket.typeName}
              {ticket.holderName ? ` · held by ${ticket.holderName}` : ""}
              {ticket.checkedInAt ? ` · in at ${when(ticket.checkedInAt, order.timeZone)}` : ""}
            </Text>
            <AnswerList
              answers={order.answers.filter((answer) => answer.ticketId === ticket.id)}
              label={`Answers of ${ticket.attendeeName}`}
            />
          </Card>
        ))}
      </Stack>
    </Section>
  );
}

/** Lines and amounts, as booked; what went back. */
export function OrderMoney({ order }: { order: OrderView }) {
  const price = (minor: number) => formatPrice(minor, order.currency);
  const discountMinor = order.lines.reduce((sum, l) => sum + l.quantity * l.discountMinor, 0);
  return (
    <Section id="money-heading" heading="Payment">
      <Table>
        <Table.Tbody>
          {order.lines.map((line) => (
            <Table.Tr key={line.name}>
              <Table.Td>
                {line.quantity} × {line.name}
              </Table.Td>
              <Table.Td ta="right">
                {price(line.quantity * (line.unitPriceMinor + line.discountMinor))}
              </Table.Td>
            </Table.Tr>
          ))}
          {discountMinor > 0 ? (
            <Table.Tr>
              <Table.Td>Code {order.code ?? ""}</Table.Td>
              <Table.Td ta="right">{price(-discountMinor)}</Table.Td>
            </Table.Tr>
          ) : null}
          {order.feesMinor > 0 ? (
            <Table.Tr>
              <Table.Td>Booking fee</Table.Td>
              <Table.Td ta="right">{price(order.feesMinor)}</Table.Td>
            </Table.Tr>
          ) : null}
          {order.taxMinor > 0 ? (
            <Table.Tr>
              <Table.Td>Tax</Table.Td>
              <Table.Td ta="right">{price(order.taxMinor)}</Table.Td>
            </Table.Tr>
          ) : null}
          <Table.Tr>
            <Table.Th>Total</Table.Th>
            <Table.Th ta="right">{price(order.totalMinor)}</Table.Th>
          </Table.Tr>
          {order.refundedMinor > 0 ? (
            <Table.Tr>
              <Table.Td>Refunded</Table.Td>
              <Table.Td ta="right">{price(order.refundedMinor)}</Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>
      <Text size="sm">
        {order.paymentProvider === "venue"
          ? "To pay at the venue."
          : order.paymentProvider === "free"
            ? "Free."
            : `Paid by card${order.cardLast4 ? ` ending ${order.cardLast4}` : ""}.`}
      </Text>
      {order.invoices.map((invoice) => (
        <Anchor key={invoice.id} href={invoicePdfPath(invoice.id)}>
          {invoice.kind === "invoice" ? "Invoice" : "Credit note"} {invoice.number} (PDF)
        </Anchor>
      ))}
    </Section>
  );
}

function RefundRow({ refund, timeZone }: { refund: RefundView; timeZone: string }) {
  const fetcher = useFetcher<IntentResult>();
  return (
    <Card component="li" withBorder padding="xs" radius="md">
      <Group justify="space-between" gap="xs">
        <Text fw={600}>{formatPrice(refund.amountMinor, refund.currency)}</Text>
        <Badge variant="light" color={refund.status === "failed" ? "red" : "blue"}>
          {refundStatusLabels[refund.status]}
        </Badge>
      </Group>
      <Text size="sm">
        {when(refund.createdAt, timeZone)}
        {refund.reason ? ` · ${refund.reason}` : ""}
      </Text>
      {refund.status === "failed" ? (
        <Stack gap={4} mt={4}>
          <Text size="sm">{refund.failure ?? "The refund failed."}</Text>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="retry" />
            <input type="hidden" name="refundId" value={refund.id} />
            <Button type="submit" size="xs" loading={fetcher.state !== "idle"}>
              Retry
            </Button>
          </fetcher.Form>
          <IntentAnswer result={fetcher.data} />
        </Stack>
      ) : null}
    </Card>
  );
}

/** The order's refunds; a failed one offers "Retry". */
export function OrderRefunds({ order }: { order: OrderView }) {
  if (order.refunds.length === 0) return null;
  return (
    <Section id="refunds-heading" heading="Refunds">
      <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {order.refunds.map((refund) => (
          <RefundRow key={refund.id} refund={refund} timeZone={order.timeZone} />
        ))}
      </Stack>
    </Section>
  );
}

/** What happened to the order, oldest first. */
export function OrderHistory({ order }: { order: OrderView }) {
  return (
    <Section id="history-heading" heading="History">
      <Stack gap={6} component="ol" style={{ paddingInlineStart: "1.2rem", margin: 0 }}>
        {order.history.map((entry) => (
          <li key={`${entry.at}-${entry.kind}-${entry.summary}`}>
            <Text size="sm" c="dimmed">
              {when(entry.at, order.timeZone)}
            </Text>
            <Text size="sm">{entry.summary}</Text>
          </li>
        ))}
      </Stack>
    </Section>
  );
}
