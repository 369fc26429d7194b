import { Button, Checkbox, Group, Stack, Text, TextInput } from "@mantine/core";
import { useFetcher } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import type { IntentResult } from "#app/forms/intent-action.ts";
import { eventWeekday, weekdayChoices } from "#app/series/series-text.ts";
import type { SeriesView } from "#contract/event-series.ts";
import { SeriesDatesList } from "./SeriesDatesList.tsx";

type Props = {
  eventId: string;
  startsAt: string;
  timeZone: string;
  /** The event's series; null while it is a single date. */
  series: SeriesView | null;
};

/** One intent's answer of this card's forms, and its field errors. */
function useIntentFetcher(intent: string) {
  const fetcher = useFetcher<IntentResult>();
  const result = fetcher.data?.intent === intent ? fetcher.data : undefined;
  const failure = result && !result.ok ? result.failure : undefined;
  return { fetcher, result, failure, errors: failure?.fieldErrors ?? {} };
}

/** A field's error, or the first one of its items' ("weekdays.0"). */
function errorOf(errors: Record<string, string>, name: string): string | undefined {
  const key = Object.keys(errors).find((k) => k === name || k.startsWith(`${name}.`));
  return key ? errors[key] : undefined;
}

/** The form's message when its error is not at one of its fields. */
function FormAnswer({
  answer,
  fields,
}: {
  answer: ReturnType<typeof useIntentFetcher>;
  fields: string[];
}) {
  const { result, failure, errors } = answer;
  if (result?.ok) return <FormMessage kind="notice">{result.notice}</FormMessage>;
  if (failure && !fields.some((f) => errorOf(errors, f))) {
    return <FormMessage kind="error">{failure.message}</FormMessage>;
  }
  return null;
}

/**
 * "Repeat this event" (issue 29): dates made from a rule (these weekdays until a day) or
 * one at a time, each a copy with its own tickets and check-in; then the series' dates.
 */
export function SeriesCard({ eventId, startsAt, timeZone, series }: Props) {
  const repeat = useIntentFetcher("repeat");
  const add = useIntentFetcher("add-date");
  const ownDay = eventWeekday(startsAt, timeZone);
  const zone = timeZone.replace(/_/g, " ");
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        Each date is a copy of this event at the same time, with its own tickets, capacity and
        check-in. The ticket types are copied from this date.
      </Text>
      <repeat.fetcher.Form method="post" aria-label="Repeat this event">
        <Stack gap="sm">
          <input type="hidden" name="intent" value="repeat" />
          <FormAnswer answer={repeat} fields={["weekdays", "untilLocal"]} />
          <Checkbox.Group
            label="Every week on"
            error={errorOf(repeat.errors, "weekdays")}
            defaultValue={[String(ownDay)]}
          >
            <Group gap="xs" mt={6}>
              {weekdayChoices.map((d) => (
                <Checkbox
                  key={d.day}
                  name="weekdays"
                  value={String(d.day)}
                  label={d.short}
                  aria-label={d.long}
                />
              ))}
            </Group>
          </Checkbox.Group>
          <TextInput
            name="untilLocal"
            label="Last date"
            description={`Dates up to and including this day (${zone}).`}
            type="date"
            required
            maw="16rem"
            error={errorOf(repeat.errors, "untilLocal")}
          />
          <Group>
            <Button type="submit" loading={repeat.fetcher.state !== "idle"}>
              Create dates
            </Button>
          </Group>
        </Stack>
      </repeat.fetcher.Form>
      <add.fetcher.Form method="post" aria-label="Add one date">
        <Stack gap="sm">
          <input type="hidden" name="intent" value="add-date" />
          <FormAnswer answer={add} fields={["startsLocal"]} />
          <Group align="flex-end" gap="sm">
            <TextInput
              name="startsLocal"
              label="Add one date"
              description={`Starts at, in ${zone}`}
              type="datetime-local"
              required
              maw="16rem"
              error={errorOf(add.errors, "startsLocal")}
            />
            <Button type="submit" variant="default" loading={add.fetcher.state !== "idle"}>
              Add date
            </Button>
          </Group>
        </Stack>
      </add.fetcher.Form>
      {series && series.dates.length > 0 ? (
        <Stack gap="xs">
          <Text fw={600}>Dates ({series.dates.length})</Text>
          <SeriesDatesList dates={series.dates} currentId={eventId} timeZone={timeZone} />
        </Stack>
      ) : null}
    </Stack>
  );
}
