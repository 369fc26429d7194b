import { Text } from "@mantine/core";
import { type AnswerView, answerText } from "#contract/event-questions.ts";

/** Answers given at checkout as "Question: answer" lines (decision 037). */
export function AnswerList({ answers }: { answers: readonly AnswerView[] }) {
  if (answers.length === 0) return null;
  return (
    <dl style={{ margin: 0 }} data-testid="answers">
      {answers.map((answer, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: answers are kept in their order
        <Text key={index} size="sm" component="div" style={{ overflowWrap: "anywhere" }}>
          <Text component="dt" inherit span fw={600}>
            {answer.label}:
          </Text>{" "}
          <Text component="dd" inherit span m={0}>
            {answerText(answer)}
          </Text>
        </Text>
      ))}
    </dl>
  );
}
