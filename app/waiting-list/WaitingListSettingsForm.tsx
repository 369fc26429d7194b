import { Button, Group, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useFetcher } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import type { IntentResult } from "#app/forms/intent-action.ts";
import {
  MAX_OFFER_HOURS,
  MIN_OFFER_HOURS,
  type WaitingListOverview,
} from "#contract/waiting-list.ts";
import { settingsIntent } from "./waiting-list-intents.ts";

/**
 * How long an offer holds its tickets, and which types' lists are open: one form, saved
 * together (`waitingList.configure`). What was typed stays after a refusal.
 */
export function WaitingListSettingsForm({ overview }: { overview: WaitingListOverview }) {
  const fetcher = useFetcher<IntentResult>();
  const result = fetcher.data?.intent === settingsIntent ? fetcher.data : undefined;
  const failure = result && !result.ok ? result.failure : undefined;
  const typed = failure?.values;
  const errors = failure?.fieldErrors ?? {};
  const hours = typed?.offerHours ?? String(overview.offerHours);
  return (
    <fetcher.Form method="post" aria-labelledby="settings-heading">
      <Stack gap="md">
        <input type="hidden" name="intent" value={settingsIntent} />
        {result?.ok ? <FormMessage kind="notice">{result.notice}</FormMessage> : null}
        {failure && Object.keys(errors).length === 0 ? (
          <FormMessage kind="error">{failure.message}</FormMessage>
        ) : null}
        {errors.closedTicketTypeIds ? (
          <FormMessage kind="error">{errors.closedTicketTypeIds}</FormMessage>
        ) : null}
        {/* No min/max of the browser's: the function's message says what is allowed, at the field. */}
        <TextInput
          name="offerHours"
          label="Hours an offer holds the tickets"
          description={`From ${MIN_OFFER_HOURS} to ${MAX_OFFER_HOURS} (a week). Unclaimed, they go to the next in line.`}
          type="number"
          inputMode="numeric"
          required
          w={{ base: "100%", xs: 240 }}
          defaultValue={hours}
          key={`hours-${hours}`}
          error={errors.offerHours}
        />
        <Stack gap="xs">
          {overview.types.map((type) => {
            // The saved state: a refused save leaves the switches as the person set them.
            const open = type.enabled;
            return (
              <div key={type.ticketTypeId}>
                <input type="hidden" name="typeId" value={type.ticketTypeId} />
                <Switch
                  name="open"
                  value={type.ticketTypeId}
                  label={`Waiting list open: ${type.name}`}
                  defaultChecked={open}
                  key={`open-${type.ticketTypeId}-${open}`}
                />
              </div>
            );
          })}
          <Text size="sm" c="dimmed">
            People waiting on a list you close are told that it closed.
          </Text>
        </Stack>
        <Group>
          <Button type="submit" loading={fetcher.state !== "idle"}>
            Save waiting list settings
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}
