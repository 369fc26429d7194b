import { Alert, Button, Code, Group, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import type { CreatedApiKey } from "#contract/api-keys.ts";

/**
 * The whole key, this once: shown selectable (without JavaScript too) and copied by the
 * button. It takes the focus when it appears, so a screen reader hears it first.
 */
export function CreatedKeyPanel({ created }: { created: CreatedApiKey }) {
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.focus();
  }, []);
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.secret);
      setStatus("copied");
    } catch {
      setStatus("failed");
    }
  }
  return (
    <Alert
      ref={panel}
      tabIndex={-1}
      color="green"
      variant="light"
      title={`Your new key: ${created.key.name}`}
      data-testid="created-api-key"
    >
      <Stack gap="sm">
        <Text size="sm" fw={700}>
          Copy it now: it will not be shown again. Keep it somewhere safe, such as a password
          manager. If you lose it, revoke it and make another.
        </Text>
        <Code
          block
          data-testid="created-api-key-secret"
          style={{ wordBreak: "break-all", whiteSpace: "pre-wrap" }}
        >
          {created.secret}
        </Code>
        <Group gap="sm">
          <Button size="sm" onClick={copy} aria-label={`Copy the key ${created.key.name}`}>
            Copy
          </Button>
          <Text size="sm" role="status" aria-live="polite">
            {status === "copied"
              ? "Key copied"
              : status === "failed"
                ? "Select it and copy it from here."
                : ""}
          </Text>
        </Group>
      </Stack>
    </Alert>
  );
}
