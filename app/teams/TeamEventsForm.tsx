import { Anchor, Button, Checkbox, Group, Stack, Text } from "@mantine/core";
import { Link, useFetcher } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import type { IntentResult } from "#app/forms/intent-action.ts";
import { formatEventTime } from "#contract/event-time.ts";

type EventChoice = {
  id: string;
  title: string;
  startsAt: string;
  timeZone: string;
  status: string;
};

/** Which of the business's upcoming events the team works at: one checkbox each. */
export function TeamEventsForm({
  choices,
  assigned,
}: {
  choices: readonly EventChoice[];
  assigned: readonly string[];
}) {
  const fetcher = useFetcher<IntentResult>();
  const result = fetcher.data;
  if (choices.length === 0) {
    return (
      <Text c="dimmed">
        Your business has no upcoming events.{" "}
        <Anchor component={Link} to="/business/events/new">
          Create an event
        </Anchor>{" "}
        first.
      </Text>
    );
  }
  return (
    <fetcher.Form method="post" aria-labelledby="events-heading">
      <Stack gap="sm">
        <input type="hidden" name="intent" value="assign-events" />
        {result?.ok ? <FormMessage kind="notice">{result.notice}</FormMessage> : null}
        {result && !result.ok ? (
          <FormMessage kind="error">{result.failure.message}</FormMessage>
        ) : null}
        <Checkbox.Group
          label="Events this team works at"
          description="Members see these events under My teams, with their check-in desk."
          defaultValue={[...assigned]}
        >
          <Stack gap="xs" mt="xs">
            {choices.map((event) => (
              <Checkbox
                key={event.id}
                name="eventIds"
                value={event.id}
                label={`${event.title}${event.status === "draft" ? " (draft)" : ""}`}
                description={formatEventTime(event.startsAt, event.timeZone)}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group>
          <Button type="submit" loading={fetcher.state !== "idle"}>
            Save events
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}
