import { Button, Group, Text } from "@mantine/core";
import { useClipboardCopy } from "#app/components/use-clipboard-copy.ts";

/**
 * A code's link, shown (selectable without JavaScript) and copied whole by the button: the
 * page's own address in front of the code's path.
 */
export function CopyLinkButton({ path, code }: { path: string; code: string }) {
  const { status, copy } = useClipboardCopy();
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        variant="default"
        size="xs"
        onClick={() => copy(new URL(path, window.location.origin).href)}
        aria-label={`Copy the link of ${code}`}
      >
        Copy link
      </Button>
      <Text size="sm" ff="monospace" style={{ wordBreak: "break-all" }}>
        {path}
      </Text>
      <Text
        size="sm"
        role="status"
        aria-live="polite"
        c={status === "failed" ? "red.9" : undefined}
      >
        {status === "copied" ? "Link copied" : status === "failed" ? "Copy it from here." : ""}
      </Text>
    </Group>
  );
}
