import { Button, Group, Stack } from "@mantine/core";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { useSaveForm } from "#app/forms/use-save-form.ts";
import { CodeFields } from "./CodeFields.tsx";
import { type CodeFormValues, typedCodeValues } from "./code-form-input.ts";
import { saveCodeIntent } from "./code-intents.ts";

type Props = {
  /** The saved code's values, or blank for a new one. */
  start: CodeFormValues;
  idPrefix: string;
  submitLabel: string;
  timeZone: string;
  currency: string;
  ticketTypes: { id: string; name: string; hidden: boolean }[];
  /** A new code's form empties itself after each success. */
  emptyAfterSaving?: boolean;
};

/** Creates or edits one code (`codes.save`); the function's refusals land on the fields. */
export function CodeForm({
  start,
  idPrefix,
  submitLabel,
  timeZone,
  currency,
  ticketTypes,
  emptyAfterSaving = false,
}: Props) {
  // Each new success remounts the new code's fields empty.
  const { fetcher, failure, settled, round } = useSaveForm(saveCodeIntent, emptyAfterSaving);
  return (
    <fetcher.Form method="post" aria-label={submitLabel}>
      <Stack gap="sm">
        <input type="hidden" name="intent" value={saveCodeIntent} />
        {start.id ? <input type="hidden" name="id" value={start.id} /> : null}
        {settled?.ok ? <FormMessage kind="notice">{settled.notice}</FormMessage> : null}
        {failure && Object.keys(failure.fieldErrors).length === 0 ? (
          <FormMessage kind="error">{failure.message}</FormMessage>
        ) : null}
        <CodeFields
          key={round}
          idPrefix={idPrefix}
          values={failure ? typedCodeValues(failure.values, start) : start}
          errors={failure?.fieldErrors ?? {}}
          timeZone={timeZone}
          currency={currency}
          ticketTypes={ticketTypes}
        />
        <Group>
          <Button type="submit" loading={fetcher.state !== "idle"}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}
