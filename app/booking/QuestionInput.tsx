import { Checkbox, NativeSelect, Radio, Stack, TextInput } from "@mantine/core";
import { CHECKED, type EventQuestion, MAX_TEXT_ANSWER } from "#contract/event-questions.ts";

type Props = {
  question: EventQuestion;
  /** The form field's name (`answers.{id}` or `attendees.{i}.answers.{id}`). */
  name: string;
  /** What was typed before a refusal, or "". */
  value: string;
  error: string | undefined;
};

/** A choice of up to this many options is a radio group; longer ones a select. */
const MAX_RADIOS = 5;

/**
 * One question at checkout, its input by kind. Required ones are marked as the name fields
 * are but not enforced by the browser: the server's answer (answerError) says what is
 * missing, on the field, the same with or without JavaScript.
 */
export function QuestionInput({ question, name, value, error }: Props) {
  const required = question.required;
  switch (question.kind) {
    case "text":
      return (
        <TextInput
          id={name}
          name={name}
          label={question.label}
          withAsterisk={required}
          aria-required={required}
          maxLength={MAX_TEXT_ANSWER}
          defaultValue={value}
          error={error}
        />
      );
    case "date":
      return (
        <TextInput
          id={name}
          name={name}
          type="date"
          label={question.label}
          withAsterisk={required}
          aria-required={required}
          defaultValue={value}
          error={error}
          maw="14rem"
        />
      );
    case "checkbox":
      return (
        <Checkbox
          id={name}
          name={name}
          value={CHECKED}
          label={required ? `${question.label} (required)` : question.label}
          aria-required={required}
          defaultChecked={value === CHECKED}
          error={error}
        />
      );
    case "choice":
      return question.options.length <= MAX_RADIOS ? (
        <Radio.Group
          name={name}
          label={question.label}
          withAsterisk={required}
          defaultValue={value}
          error={error}
        >
          <Stack gap={6} pt={4}>
            {question.options.map((option, index) => (
              <Radio key={option} id={`${name}-${index}`} value={option} label={option} />
            ))}
          </Stack>
        </Radio.Group>
      ) : (
        <NativeSelect
          id={name}
          name={name}
          label={question.label}
          withAsterisk={required}
          aria-required={required}
          defaultValue={value}
          error={error}
          data={[{ value: "", label: "Choose…" }, ...question.options]}
        />
      );
  }
}
