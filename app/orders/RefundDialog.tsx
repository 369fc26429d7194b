import { Checkbox, Radio, Stack, Textarea } from "@mantine/core";
import { useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmAction } from "#app/console/ConfirmAction.tsx";
import type { IntentResult } from "#app/forms/intent-action.ts";
import type { OrderTicketView } from "#contract/order-view.ts";
import { IntentAnswer } from "./IntentAnswer.tsx";

/**
 * "Refund / cancel": the whole order or chosen valid tickets, with a reason. A card-paid
 * order gets those tickets' share back; venue and free orders are cancelled only.
 */
export function RefundDialog({
  tickets,
  paidByCard,
}: {
  tickets: OrderTicketView[];
  paidByCard: boolean;
}) {
  const fetcher = useFetcher<IntentResult>();
  const valid = tickets.filter((t) => t.status === "valid");
  const [scope, setScope] = useState<"all" | "chosen">("all");
  if (valid.length === 0) return null;
  return (
    <Stack gap="xs" align="flex-start">
      <IntentAnswer result={fetcher.data?.intent === "refund" ? fetcher.data : undefined} />
      <ConfirmAction
        intent="refund"
        fetcher={fetcher}
        buttonLabel={paidByCard ? "Refund / cancel" : "Cancel tickets"}
        title={paidByCard ? "Refund and cancel" : "Cancel tickets"}
        explanation={
          paidByCard
            ? "The chosen tickets are cancelled at once (their QR stops working, their places go back on sale) and their share of the payment goes back to the buyer's card."
            : "The chosen tickets are cancelled at once (their QR stops working, their places go back on sale). Nothing was paid by card, so there is nothing to refund."
        }
        confirmLabel={paidByCard ? "Refund and cancel" : "Cancel tickets"}
        color="red"
      >
        <Radio.Group
          name="scope"
          label="Which tickets"
          value={scope}
          onChange={(value) => setScope(value === "chosen" ? "chosen" : "all")}
        >
          <Stack gap={4} mt={4}>
            <Radio value="all" label={`The whole order (${valid.length} valid)`} />
            <Radio value="chosen" label="Chosen tickets" />
          </Stack>
        </Radio.Group>
        {scope === "chosen" ? (
          <Checkbox.Group name="ticketIds" label="Tickets">
            <Stack gap={4} mt={4}>
              {valid.map((ticket) => (
                <Checkbox
                  key={ticket.id}
                  name="ticketIds"
                  value={ticket.id}
                  label={`${ticket.attendeeName} (${ticket.typeName})`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : null}
        <Textarea name="reason" label="Reason (shown on the order)" maxLength={500} autosize />
      </ConfirmAction>
    </Stack>
  );
}
