import { Button, Group, Text } from "@mantine/core";
import { useClipboardCopy } from "./use-clipboard-copy.ts";

/**
 * "Copy" for a text shown beside it (selectable without JavaScript, and where the
 * clipboard is refused): says it was copied, for a few seconds, to screen readers too.
 */
export function CopyTextButton({
  text,
  label,
  what,
}: {
  text: string;
  /** The button's accessible name: "Copy the script snippet". */
  label: string;
  /** What the status line says was copied: "Snippet copied". */
  what: string;
}) {
  const { status, copy } = useClipboardCopy();
  return (
    <Group gap="sm">
      <Button variant="default" size="xs" onClick={() => copy(text)} aria-label={label}>
        Copy
      </Button>
      <Text
        size="sm"
        role="status"
        aria-live="polite"
        c={status === "failed" ? "red.9" : undefined}
      >
        {status === "copied" ? what : status === "failed" ? "Select it and copy it from here." : ""}
      </Text>
    </Group>
  );
}
