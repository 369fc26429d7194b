import { Anchor, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import type { FormFailure } from "./form-failure.ts";

type ComposeFormProps = {
  /** The heading's id: the form is labelled by it. */
  headingId: string;
  heading: string;
  /** A line under the heading (how the message is delivered, the allowance). */
  intro?: ReactNode;
  /** The form's own success notice, when it has one to show. */
  notice?: string;
  failure?: FormFailure;
  /** Who gets the message: teams, an event and its ticket types. */
  audience: ReactNode;
  /** The server's length limits of the subject and the message (the module's options). */
  rules: { subjectMaxLength: number; bodyMaxLength: number };
  bodyRows: number;
  /** What follows the message: options and the submit button(s). */
  children: ReactNode;
};

/**
 * An owner's message to a group of people (team alerts, messages to ticket holders):
 * heading, answer, audience, subject and message, then the form's own actions. What was
 * typed comes back after a refusal, so nothing is lost without JavaScript.
 */
export function ComposeForm({
  headingId,
  heading,
  intro,
  notice,
  failure,
  audience,
  rules,
  bodyRows,
  children,
}: ComposeFormProps) {
  return (
    <Form method="post" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {heading}
        </Title>
        {intro}
        {notice !== undefined ? <FormMessage kind="notice">{notice}</FormMessage> : null}
        {failure ? <FormMessage kind="error">{failure.message}</FormMessage> : null}
        {audience}
        <TextInput
          name="subject"
          label="Subject"
          required
          maxLength={rules.subjectMaxLength}
          defaultValue={failure?.values.subject ?? ""}
          error={failure?.fieldErrors.subject}
        />
        <Textarea
          name="body"
          label="Message"
          required
          autosize
          minRows={bodyRows}
          maxLength={rules.bodyMaxLength}
          defaultValue={failure?.values.body ?? ""}
          error={failure?.fieldErrors.body}
        />
        {children}
      </Stack>
    </Form>
  );
}

/** What a compose form shows when there is nobody to write to yet, and where to fix that. */
export function NobodyToMessage({
  missing,
  to,
  action,
  then,
}: {
  /** "door teams": "You have no door teams yet." */
  missing: string;
  to: string;
  action: string;
  then: string;
}) {
  return (
    <Text>
      {`You have no ${missing} yet.`}{" "}
      <Anchor component={Link} to={to}>
        {action}
      </Anchor>{" "}
      {then}
    </Text>
  );
}
