import { Button, Stack, Text } from "@mantine/core";
import { Form } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import type { HoldView } from "#contract/hold-view.ts";
import { quantityField } from "./booking-form-fields.ts";

type Props = { hold: HoldView; idempotencyKey: string; pending: boolean };

/** The countdown reached zero: the tickets went back on sale; one click asks for them again. */
export function HoldExpired({ hold, idempotencyKey, pending }: Props) {
  return (
    <Form method="post">
      <Stack gap="sm" maw="32rem">
        <FormMessage kind="error" title="Your hold expired">
          Its tickets went back on sale. Hold them again if they are still available.
        </FormMessage>
        <input type="hidden" name="intent" value="hold" />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        {/* Held again with its code: the same prices, and the hidden types it unlocked. */}
        {hold.code ? <input type="hidden" name="code" value={hold.code} /> : null}
        {hold.items.map((item) => (
          <input
            key={item.ticketTypeId}
            type="hidden"
            name={quantityField(item.ticketTypeId)}
            value={item.quantity}
          />
        ))}
        <Text size="sm">
          {hold.items.map((item) => `${item.quantity} × ${item.name}`).join(", ")}
        </Text>
        <Button type="submit" loading={pending} size="md">
          Hold again
        </Button>
      </Stack>
    </Form>
  );
}
