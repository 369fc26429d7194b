import { Anchor, Badge, Button, Group, Stack, Text } from "@mantine/core";
import { data, Link, useFetcher, useLoaderData } from "react-router";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { consoleLoad } from "#app/console/console-loader.server.ts";
import { formatPrice } from "#app/events/format.ts";
import { type IntentResult, runIntentForm } from "#app/forms/intent-action.ts";
import { IntentAnswer } from "#app/orders/IntentAnswer.tsx";
import {
  OrderAnswers,
  OrderHistory,
  OrderMoney,
  OrderRefunds,
  OrderTickets,
} from "#app/orders/OrderDetails.tsx";
import { orderStateColors } from "#app/orders/order-labels.ts";
import { RefundDialog } from "#app/orders/RefundDialog.tsx";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import { formatEventTime } from "#contract/event-time.ts";
import { orderStateLabels } from "#contract/order-view.ts";
import { ordersPath, receiptPath } from "#contract/paths.ts";
import type { Route } from "./+types/business.events.$id.orders.$bookingId";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  screenMeta(loaderData ? `Order ${loaderData.order.reference}` : "Order");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const order = await consoleLoad(server, request, () =>
    server.invoke("orders.get", { bookingId: params.bookingId }),
  );
  // The order belongs to this event's page only: another event's id in the URL is a 404.
  if (order.eventId !== params.id) throw data(null, { status: 404 });
  return { order };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  requireSignedIn(server, request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const bookingId = params.bookingId;
  const answer = await runIntentForm(intent, form, async () => {
    if (intent === "refund") {
      const chosen = form.getAll("ticketIds").map(String);
      const result = await server.invoke("orders.refund", {
        bookingId,
        ticketIds: form.get("scope") === "chosen" ? chosen : null,
        reason: String(form.get("reason") ?? ""),
      });
      const count = result.cancelledTicketIds.length;
      const tickets = `${count} ticket${count === 1 ? "" : "s"} cancelled`;
      return result.refund
        ? `${tickets}; a refund of ${formatPrice(result.refund.amountMinor, result.refund.currency)} is on its way to the card.`
        : `${tickets}.`;
    }
    if (intent === "retry") {
      const refund = await server.invoke("orders.retryRefund", {
        refundId: String(form.get("refundId") ?? ""),
      });
      return `The refund was sent again (attempt ${refund.attempt}).`;
    }
    if (intent === "resend") {
      const sent = await server.invoke("orders.resend", { bookingId });
      return `Confirmation sent again (${sent.channels.join(", ")}).`;
    }
    throw data("Unknown form.", { status: 400 });
  });
  return data(answer.result, { status: answer.status });
}

export default function Page() {
  const { order } = useLoaderData<typeof loader>();
  const resend = useFetcher<IntentResult>();
  const paidByCard = !["venue", "free"].includes(order.paymentProvider);
  return (
    <Screen title={`Order ${order.reference}`}>
      <Anchor component={Link} to={ordersPath(order.eventId)}>
        ← Orders of {order.eventTitle}
      </Anchor>
      <Stack gap={4}>
        <Group gap="xs">
          <Badge color={orderStateColors[order.state]} variant="light">
            {orderStateLabels[order.state]}
          </Badge>
          <Text>{formatPrice(order.totalMinor, order.currency)}</Text>
        </Group>
        <Text fw={600}>{order.buyer.name}</Text>
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {[order.buyer.email, order.buyer.phone].filter(Boolean).join(" · ")}
        </Text>
        <Text size="sm" c="dimmed">
          Booked {formatEventTime(order.createdAt, order.timeZone, { weekday: false })}
        </Text>
        <OrderAnswers order={order} />
      </Stack>
      <Group gap="sm">
        {order.status === "confirmed" ? (
          <resend.Form method="post">
            <input type="hidden" name="intent" value="resend" />
            <Button type="submit" variant="light" loading={resend.state !== "idle"}>
              Resend confirmation
            </Button>
          </resend.Form>
        ) : null}
        {paidByCard ? <Anchor href={receiptPath(order.reference)}>Receipt</Anchor> : null}
      </Group>
      <IntentAnswer result={resend.data} />
      <RefundDialog tickets={order.tickets} paidByCard={paidByCard} />
      <OrderTickets order={order} />
      <OrderMoney order={order} />
      <OrderRefunds order={order} />
      <OrderHistory order={order} />
    </Screen>
  );
}
