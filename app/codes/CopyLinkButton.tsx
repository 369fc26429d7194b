import { Button, Group, Text } from "@mantine/core";
import { useEffect, useState } from "react";

/**
 * A code's link, shown (selectable without JavaScript) and copied whole by the button: the
 * page's own address in front of the code's path.
 */
export function CopyLinkButton({ path, code }: { path: string; code: string }) {
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (status === "idle") return;
    const timer = setTimeout(() => setStatus("idle"), 4000);
    return () => clearTimeout(timer);
  }, [status]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(new URL(path, window.location.origin).href);
      setStatus("copied");
    } catch {
      setStatus("failed");
    }
  }
  return (
    <Group gap="xs" wrap="wrap">
      <Button variant="default" size="xs" onClick={copy} aria-label={`Copy the link of ${code}`}>
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
