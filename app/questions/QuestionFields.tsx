import { Checkbox, Radio, Stack, Textarea, TextInput } from "@mantine/core";
import { TicketTypeChecks } from "#app/console/TicketTypeChecks.tsx";
import { MAX_LABEL_LENGTH, questionKinds, questionScopes } from "#contract/event-questions.ts";
import type { QuestionFormValues } from "./question-form-input.ts";
import { kindLabels, scopeLabels } from "./question-text.ts";

type Props = {
  values: QuestionFormValues;
  errors: Record<string, string>;
  /** Unique per form on the page, so labels point at their own inputs. */
  idPrefix: string;
  ticketTypes: { id: string; name: string; hidden: boolean }[];
};

/** A question's fields (the form around them is the caller's): label, kind, options, who is asked. */
export function QuestionFields({ values, errors, idPrefix, ticketTypes }: Props) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <Stack gap="sm">
      <TextInput
        id={id("label")}
        name="label"
        label="Question"
        required
        maxLength={MAX_LABEL_LENGTH}
        defaultValue={values.label}
        error={errors.label}
      />
      <Radio.Group name="kind" label="Answered with" defaultValue={values.kind} error={errors.kind}>
        <Stack gap={6} pt={4}>
          {questionKinds.map((kind) => (
            <Radio key={kind} id={id(`kind-${kind}`)} value={kind} label={kindLabels[kind]} />
          ))}
        </Stack>
      </Radio.Group>
      <Textarea
        id={id("options")}
        name="options"
        label="Options of a choice"
        description="One per line, 2 to 20. Only a choice has options."
        autosize
        minRows={3}
        defaultValue={values.options}
        error={errors.options}
      />
      <Checkbox
        id={id("required")}
        name="required"
        label="Required (a required checkbox must be ticked)"
        defaultChecked={values.required}
        error={errors.required}
      />
      <Radio.Group name="scope" label="Asked" defaultValue={values.scope} error={errors.scope}>
        <Stack gap={6} pt={4}>
          {questionScopes.map((scope) => (
            <Radio key={scope} id={id(`scope-${scope}`)} value={scope} label={scopeLabels[scope]} />
          ))}
        </Stack>
      </Radio.Group>
      <TicketTypeChecks
        idPrefix={idPrefix}
        description="None ticked: every ticket type."
        ticketTypes={ticketTypes}
        defaultValue={values.ticketTypeIds}
        error={errors.ticketTypeIds}
      />
    </Stack>
  );
}
