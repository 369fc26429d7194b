import { Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useFetcher } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import type { IntentResult } from "#app/forms/intent-action.ts";
import {
  DEFAULT_CHECKOUT_CAPACITY,
  MAX_CHECKOUT_CAPACITY,
  type WaitingRoomSettings,
} from "#contract/waiting-room.ts";

type Props = {
  /** Saved settings; null when the organiser has never set the room up. */
  settings: WaitingRoomSettings | null;
  timeZone: string;
};

/**
 * The organiser's waiting room of one event (issue 28): on or off, when the sale opens (in
 * the event's zone, like its own times) and how many buyers may choose tickets at once.
 */
export function WaitingRoomForm({ settings, timeZone }: Props) {
  const fetcher = useFetcher<IntentResult>();
  const result = fetcher.data?.intent === "waiting-room" ? fetcher.data : undefined;
  const failure = result && !result.ok ? result.failure : undefined;
  const typed = failure?.values;
  const errors = failure?.fieldErrors ?? {};
  const enabled = typed ? typed.enabled === "on" : (settings?.enabled ?? false);
  const startsLocal = typed?.saleStartsLocal ?? settings?.saleStartsLocal ?? "";
  const capacity =
    typed?.checkoutCapacity ?? String(settings?.checkoutCapacity ?? DEFAULT_CHECKOUT_CAPACITY);
  return (
    <fetcher.Form method="post" aria-labelledby="waiting-room-heading">
      <Stack gap="md">
        <input type="hidden" name="intent" value="waiting-room" />
        <Text size="sm" c="dimmed">
          For a sale with more buyers than tickets: people who come before the start get a random
          place at the start, later ones queue in order, and buyers are let in a few at a time. Only
          people let in can hold tickets while the room is on.
        </Text>
        {result?.ok ? <FormMessage kind="notice">{result.notice}</FormMessage> : null}
        {failure && Object.keys(errors).length === 0 ? (
          <FormMessage kind="error">{failure.message}</FormMessage>
        ) : null}
        <Checkbox
          name="enabled"
          value="on"
          label="Use a waiting room for this sale"
          defaultChecked={enabled}
          key={`enabled-${enabled}`}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            name="saleStartsLocal"
            label="Sale opens"
            description={`In the event's time zone (${timeZone.replace(/_/g, " ")})`}
            type="datetime-local"
            required
            defaultValue={startsLocal}
            key={`starts-${startsLocal}`}
            error={errors.saleStartsLocal}
          />
          <TextInput
            name="checkoutCapacity"
            label="Buyers choosing at once"
            description={`Let in to choose tickets at the same time (1 to ${MAX_CHECKOUT_CAPACITY.toLocaleString("en-GB")}).`}
            inputMode="numeric"
            required
            defaultValue={capacity}
            key={`capacity-${capacity}`}
            error={errors.checkoutCapacity}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={fetcher.state !== "idle"}>
            Save waiting room
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}
