import { Radio, Stack } from "@mantine/core";

/**
 * For a date of a series: whether the editor's changes go to this date only or to it and
 * every later date (`events.update`'s `scope`). Times are each date's own: said here so
 * nobody expects moving one date to move the rest.
 */
export function EditScopeChoice() {
  return (
    <Radio.Group
      name="scope"
      label="Apply these changes to"
      description="Start and end times change on this date only."
      defaultValue="this"
    >
      <Stack gap={6} mt={6}>
        <Radio value="this" label="This date only" />
        <Radio value="future" label="This and all future dates" />
      </Stack>
    </Radio.Group>
  );
}
