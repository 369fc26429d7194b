import { Paper, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import type { OfflineDoor } from "#app/door-offline/use-offline-door.ts";
import { doorStatusTexts } from "./door-status-text.ts";

/** A minute: the age of the last sync is said in minutes. */
const AGE_TICK_MS = 30_000;

/** The clock, ticking so "Last synced 2 min ago" stays true; null before hydration. */
function useNow(): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), AGE_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The door's state on every door page (scanner, desk, typed code): online or offline, the
 * admissions waiting to upload, the age of the last sync and whether offline search works.
 * The state is a word, not only a colour; announced politely as it changes.
 */
export function DoorStatusBanner({ door }: { door: OfflineDoor }) {
  const now = useNow();
  const texts = doorStatusTexts(door, now ?? Date.now());
  const offline = door.connection === "offline";
  return (
    <Paper
      role="status"
      aria-live="polite"
      data-testid="door-status"
      data-connection={door.connection}
      withBorder
      radius="md"
      p="sm"
      bg={offline ? "var(--mantine-color-orange-light)" : undefined}
      style={{
        borderInlineStart: `6px solid var(--mantine-color-${offline ? "orange" : "green"}-filled)`,
      }}
    >
      <Stack gap={4}>
        <Text fw={700}>{texts.state}</Text>
        <Text size="sm">
          {texts.queue} · {now === null ? "" : texts.sync}
        </Text>
        <Text size="sm" c="dimmed">
          {texts.search}
        </Text>
      </Stack>
    </Paper>
  );
}
