import { Button, FileButton, Paper, Stack, Text } from "@mantine/core";
import { useRef, useState } from "react";
import type { CodeDetector } from "./code-detector.ts";
import { droppedImage } from "./dropped-image.ts";
import { classifyDetectError, scannerErrorMessage } from "./scanner-errors.ts";

/**
 * The two ways in without the camera (seed spec, section 1): an uploaded picture (on a
 * phone, the file picker also offers the camera app) and a dropped one. Both work where
 * the live camera does not, such as a page that is not a secure context.
 */
export function ImageInputs({
  detector,
  onRead,
  onError,
}: {
  detector: CodeDetector;
  onRead: (code: string) => void;
  onError: (message: string | null) => void;
}) {
  const [over, setOver] = useState(false);
  const [reading, setReading] = useState(false);
  const resetFile = useRef<() => void>(null);

  async function readImage(image: () => Promise<Blob>) {
    setReading(true);
    onError(null);
    try {
      const blob = await image();
      let codes: Awaited<ReturnType<CodeDetector["detect"]>>;
      try {
        codes = await detector.detect(blob);
      } catch (error) {
        throw classifyDetectError(error);
      }
      const first = codes[0];
      if (first) onRead(first.rawValue);
      else onError("No code found in this image. Try a sharper or closer picture.");
    } catch (error) {
      onError(scannerErrorMessage(error));
    } finally {
      setReading(false);
    }
  }

  return (
    <Stack gap="sm">
      <FileButton
        accept="image/*"
        resetRef={resetFile}
        onChange={(file) => {
          // Emptied at once, so choosing the same file again is a change and scans it again.
          resetFile.current?.();
          if (file) void readImage(async () => file);
        }}
      >
        {(props) => (
          <Button {...props} variant="light" size="lg" fullWidth loading={reading}>
            Upload an image of a code
          </Button>
        )}
      </FileButton>
      <Paper
        withBorder
        radius="md"
        p="lg"
        data-testid="drop-zone"
        aria-label="Drop an image of a code here"
        role="region"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          const data = event.dataTransfer;
          void readImage(() => droppedImage(data, window.location.href));
        }}
        style={{
          borderStyle: "dashed",
          borderWidth: 2,
          background: over ? "var(--mantine-color-green-light)" : undefined,
        }}
      >
        <Text ta="center">Or drop an image of a code here</Text>
      </Paper>
    </Stack>
  );
}
