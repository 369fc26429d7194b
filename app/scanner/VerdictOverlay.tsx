import { Button, Stack } from "@mantine/core";
import { useEffect, useRef } from "react";
import { VerdictCard } from "#app/checkin/VerdictCard.tsx";
import type { ShownVerdict } from "./use-door-scan.ts";

const grounds = {
  admitted: "#1b5e20",
  valid: "#1b5e20",
  "already-checked-in": "#ffb300",
  "wrong-event": "#b71c1c",
  cancelled: "#b71c1c",
  invalid: "#b71c1c",
} as const;

/**
 * The verdict over the whole screen, in its colour, readable at arm's length, marked in
 * words when decided offline or shown again for a repeat read: a tap anywhere (or the
 * button, for the keyboard) goes back to scanning.
 */
export function VerdictOverlay({ shown, onDone }: { shown: ShownVerdict; onDone: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  const kind = shown.verdict.verdict;
  useEffect(() => {
    button.current?.focus();
  }, []);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a tap anywhere is a shortcut; the button is the keyboard's way
    // biome-ignore lint/a11y/noStaticElementInteractions: as above
    <div
      data-testid="verdict-overlay"
      data-offline={shown.offline || undefined}
      data-repeat={shown.repeat || undefined}
      onClick={onDone}
      style={{
        position: "fixed",
        inset: 0,
        zIndex: 1000,
        background: grounds[kind],
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        padding: "1rem",
      }}
    >
      <Stack gap="lg" w="100%" maw={520}>
        <VerdictCard verdict={shown.verdict} offline={shown.offline} repeat={shown.repeat} />
        <Button
          ref={button}
          size="xl"
          variant="white"
          color="dark"
          fullWidth
          onClick={(event) => {
            event.stopPropagation();
            onDone();
          }}
        >
          Scan the next ticket
        </Button>
      </Stack>
    </div>
  );
}
