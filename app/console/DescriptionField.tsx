import { Code, Paper, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { EventDescription } from "#app/events/EventDescription.tsx";

/** The description with its small markup explained, and a live preview as visitors see it. */
export function DescriptionField({
  defaultValue,
  error,
}: {
  defaultValue: string;
  error?: string;
}) {
  const [text, setText] = useState(defaultValue);
  return (
    <Stack gap="xs">
      <Textarea
        name="description"
        label="Description"
        description={
          <>
            A blank line starts a new paragraph. <Code>**bold**</Code>, <Code>_italic_</Code>, lines
            starting with <Code>- </Code> make a list, and https:// links become links.
          </>
        }
        autosize
        minRows={5}
        maxRows={20}
        maxLength={10_000}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={error}
      />
      {text.trim() ? (
        <Paper component="section" withBorder p="sm" radius="md" aria-label="Description preview">
          <Text size="xs" c="dimmed" mb="xs">
            Preview
          </Text>
          <EventDescription text={text} />
        </Paper>
      ) : null}
    </Stack>
  );
}
