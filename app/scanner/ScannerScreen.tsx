import { Alert, Loader, Stack, Text } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import type { OfflineDoor } from "#app/door-offline/use-offline-door.ts";
import { CameraPanel } from "./CameraPanel.tsx";
import { createCodeDetector } from "./code-detector.ts";
import { ImageInputs } from "./ImageInputs.tsx";
import { scannerErrorMessage } from "./scanner-errors.ts";
import { useDoorScan } from "./use-door-scan.ts";
import { VerdictOverlay } from "./VerdictOverlay.tsx";
import { unlockVerdictSound } from "./verdict-feedback.ts";

/**
 * The scanner proper, loaded by the route only in the browser (a chunk of its own, with
 * the barcode reader and its .wasm): live camera, uploaded and dropped images, each read
 * checked by the door (online or on this device) and its verdict shown full-screen.
 */
export function ScannerScreen({
  door: offlineDoor,
  deviceId,
  formats,
}: {
  /** The event's door (the route's `useDoor`). */
  door: OfflineDoor;
  deviceId: string;
  /** The formats to read (the formats rule); none given: QR codes. */
  formats?: string[];
}) {
  const made = useMemo(() => {
    try {
      return { detector: createCodeDetector(formats), error: null };
    } catch (error) {
      return { detector: null, error: scannerErrorMessage(error) };
    }
  }, [formats]);
  const door = useDoorScan(offlineDoor);
  const [imageMessage, setImageMessage] = useState<string | null>(null);
  // Browsers play sound only after a touch: the first one anywhere unlocks the verdict tones.
  useEffect(() => {
    window.addEventListener("pointerdown", unlockVerdictSound, { once: true });
    return () => window.removeEventListener("pointerdown", unlockVerdictSound);
  }, []);
  const detector = made.detector;
  if (!detector) {
    return (
      <Alert role="alert" color="red" variant="light" data-testid="formats-error">
        {made.error}
      </Alert>
    );
  }
  const paused = door.shown !== null || door.checking;
  return (
    <Stack gap="md">
      <CameraPanel
        detector={detector}
        paused={paused}
        onRead={(code) => door.submit(code, "camera")}
      />
      <div aria-live="polite">
        {door.checking ? (
          <Text role="status">
            <Loader size="xs" mr="xs" />
            Checking the ticket…
          </Text>
        ) : null}
      </div>
      {door.failure ? (
        <Alert role="alert" color="red" variant="light" data-testid="scan-failure">
          {door.failure}
        </Alert>
      ) : null}
      <ImageInputs
        detector={detector}
        onRead={(code) => door.submit(code, "image")}
        onError={setImageMessage}
      />
      {imageMessage ? (
        <Alert role="alert" color="red" variant="light" data-testid="image-error">
          {imageMessage}
        </Alert>
      ) : null}
      <Text size="sm" c="dimmed">
        This device scans as {deviceId}.
      </Text>
      {door.shown ? (
        <VerdictOverlay key={door.shown.key} shown={door.shown} onDone={door.dismiss} />
      ) : null}
    </Stack>
  );
}
