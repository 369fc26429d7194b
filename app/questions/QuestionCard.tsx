import { Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import { useFetcher } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { ConfirmAction } from "#app/console/ConfirmAction.tsx";
import type { IntentResult } from "#app/forms/intent-action.ts";
import type { EventQuestion, EventQuestionsView } from "#contract/event-questions.ts";
import { QuestionForm } from "./QuestionForm.tsx";
import { questionFormValues } from "./question-form-input.ts";
import { moveQuestionIntent, removeQuestionIntent } from "./question-intents.ts";
import { questionSummary, questionTypesText } from "./question-text.ts";

type Props = {
  question: EventQuestion;
  event: EventQuestionsView;
  first: boolean;
  last: boolean;
};

/** Up or down one place: a plain form, so it works without JavaScript too. */
function MoveButton({
  question,
  direction,
}: {
  question: EventQuestion;
  direction: "up" | "down";
}) {
  const mover = useFetcher<IntentResult>();
  return (
    <mover.Form method="post">
      <input type="hidden" name="intent" value={moveQuestionIntent} />
      <input type="hidden" name="id" value={question.id} />
      <input type="hidden" name="direction" value={direction} />
      <Button
        type="submit"
        variant="default"
        size="xs"
        loading={mover.state !== "idle"}
        aria-label={`Move "${question.label}" ${direction}`}
      >
        {direction === "up" ? "↑ Up" : "↓ Down"}
      </Button>
    </mover.Form>
  );
}

/** One question: what it asks, how, of whom; move, edit, remove. */
export function QuestionCard({ question, event, first, last }: Props) {
  const remover = useFetcher<IntentResult>();
  const removal = remover.data && !remover.data.ok ? remover.data.failure : undefined;
  return (
    <Card component="li" withBorder radius="md" padding="md" data-testid="event-question">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Text fw={700} style={{ overflowWrap: "anywhere" }}>
            {question.label}
          </Text>
          {question.required ? (
            <Badge variant="light" color="blue" style={{ flexShrink: 0 }}>
              Required
            </Badge>
          ) : null}
        </Group>
        <Text size="sm">{questionSummary(question)}</Text>
        <Text size="sm" c="dimmed">
          {questionTypesText(question.ticketTypeIds, event.ticketTypes)}
        </Text>
        <Group gap="xs">
          {first ? null : <MoveButton question={question} direction="up" />}
          {last ? null : <MoveButton question={question} direction="down" />}
        </Group>
        <details>
          <summary style={{ cursor: "pointer" }}>Edit "{question.label}"</summary>
          <Stack pt="sm">
            <QuestionForm
              start={questionFormValues(question)}
              idPrefix={`question-${question.id}`}
              submitLabel="Save question"
              ticketTypes={event.ticketTypes}
            />
          </Stack>
        </details>
        {removal ? <FormMessage kind="error">{removal.message}</FormMessage> : null}
        <Group>
          <ConfirmAction
            intent={removeQuestionIntent}
            fetcher={remover}
            buttonLabel="Remove"
            color="red"
            variant="subtle"
            title={`Remove "${question.label}"?`}
            explanation="Buyers are no longer asked it. Answers already given stay on their bookings."
            confirmLabel="Remove"
          >
            <input type="hidden" name="id" value={question.id} />
            <input type="hidden" name="label" value={question.label} />
          </ConfirmAction>
        </Group>
      </Stack>
    </Card>
  );
}
