import { Button, Group, Stack } from "@mantine/core";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { useSaveForm } from "#app/forms/use-save-form.ts";
import { QuestionFields } from "./QuestionFields.tsx";
import { type QuestionFormValues, typedQuestionValues } from "./question-form-input.ts";
import { saveQuestionIntent } from "./question-intents.ts";

type Props = {
  /** The saved question's values, or blank for a new one. */
  start: QuestionFormValues;
  idPrefix: string;
  submitLabel: string;
  ticketTypes: { id: string; name: string; hidden: boolean }[];
  /** A new question's form empties itself after each success. */
  emptyAfterSaving?: boolean;
};

/** Creates or edits one question (`questions.save`); the function's refusals land on the fields. */
export function QuestionForm({
  start,
  idPrefix,
  submitLabel,
  ticketTypes,
  emptyAfterSaving = false,
}: Props) {
  // Each new success remounts the new question's fields empty.
  const { fetcher, failure, settled, round } = useSaveForm(saveQuestionIntent, emptyAfterSaving);
  return (
    <fetcher.Form method="post" aria-label={submitLabel}>
      <Stack gap="sm">
        <input type="hidden" name="intent" value={saveQuestionIntent} />
        {start.id ? <input type="hidden" name="id" value={start.id} /> : null}
        {settled?.ok ? <FormMessage kind="notice">{settled.notice}</FormMessage> : null}
        {failure && Object.keys(failure.fieldErrors).length === 0 ? (
          <FormMessage kind="error">{failure.message}</FormMessage>
        ) : null}
        <QuestionFields
          key={`${round}-${failure ? "typed" : "start"}`}
          idPrefix={idPrefix}
          values={failure ? typedQuestionValues(failure.values, start) : start}
          errors={failure?.fieldErrors ?? {}}
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
