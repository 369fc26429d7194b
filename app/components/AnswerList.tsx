import { Stack, Text } from "@mantine/core";
import { type AnswerView, answerText } from "#contract/event-questions.ts";

/**
 * Answers given at checkout (decision 037) as a short list, "Label: answer" ("Yes" for a
 * ticked box): on the buyer's booking, the organiser's order and at the door. Nothing when there are none.
 */
export function AnswerList({
  answers,
  label,
}: {
  answers: readonly AnswerView[];
  /** What the list is, for screen readers ("Answers of Ada Lovelace"). */
  label: string;
}) {
  if (answers.length === 0) return null;
  return (
    <Stack
      gap={2}
      component="ul"
      aria-label={label}
      style={{ listStyle: "none", padding: 0, margin: 0 }}
    >
      {answers.map((answer, index) => (
        // Labels may repeat (a question removed and asked again): the position keys them.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
        <Text key={index} component="li" size="sm" style={{ overflowWrap: "anywhere" }}>
          <Text span fw={600}>{`${answer.label}:`}</Text> {answerText(answer)}
        </Text>
      ))}
    </Stack>
  );
}
