import { Button, Group, Stack } from "@mantine/core";
import { useFetcher } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import type { IntentResult } from "#app/forms/intent-action.ts";
import { EditScopeChoice } from "./EditScopeChoice.tsx";
import { EventDetailsFields, type EventDetailsValues } from "./EventDetailsFields.tsx";

/** An existing event's details, saved in place. */
export function EventDetailsForm({
  values,
  zones,
  inSeries = false,
}: {
  values: EventDetailsValues;
  zones: string[];
  /** A date of a series: the changes may go to later dates as well. */
  inSeries?: boolean;
}) {
  const fetcher = useFetcher<IntentResult>();
  const result = fetcher.data;
  const failure = result && !result.ok ? result.failure : undefined;
  return (
    <fetcher.Form method="post" aria-labelledby="details-heading">
      <Stack gap="md">
        <input type="hidden" name="intent" value="details" />
        {result?.ok ? <FormMessage kind="notice">{result.notice}</FormMessage> : null}
        {failure && Object.keys(failure.fieldErrors).length === 0 ? (
          <FormMessage kind="error">{failure.message}</FormMessage>
        ) : null}
        <EventDetailsFields
          values={{ ...values, ...failure?.values }}
          errors={failure?.fieldErrors ?? {}}
          zones={zones}
          followBrowserZone={false}
        />
        {inSeries ? <EditScopeChoice /> : null}
        <Group>
          <Button type="submit" loading={fetcher.state !== "idle"}>
            Save details
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}
