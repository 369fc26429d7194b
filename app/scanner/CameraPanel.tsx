import { Alert, Button, Group, Stack, Switch, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { CameraController, type CameraState, type FacingMode } from "./camera.ts";
import type { CodeDetector } from "./code-detector.ts";
import { drawTracking } from "./draw-tracking.ts";
import { startScanLoop } from "./scan-loop.ts";
import { scannerErrorMessage } from "./scanner-errors.ts";
import { unlockVerdictSound } from "./verdict-feedback.ts";
import { createFrameGrabber } from "./video-frame.ts";

/**
 * The live camera: starts on opening (back camera), reads frames while not paused, and
 * offers stop / start, torch and camera switch where the device has them, and the tracking
 * overlay (a frame every 40 ms instead of 500 ms, boxes drawn round what it sees).
 */
export function CameraPanel({
  detector,
  paused,
  onRead,
}: {
  detector: CodeDetector;
  paused: boolean;
  onRead: (code: string) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const overlay = useRef<HTMLCanvasElement>(null);
  const camera = useRef<CameraController | null>(null);
  const [state, setState] = useState<CameraState>({ status: "stopped" });
  const [starting, setStarting] = useState(true);
  const [tracking, setTracking] = useState(false);
  const [loopError, setLoopError] = useState<string | null>(null);
  const read = useRef(onRead);
  read.current = onRead;

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const controller = new CameraController(
      { isSecureContext: window.isSecureContext, mediaDevices: navigator.mediaDevices },
      element,
    );
    camera.current = controller;
    const unsubscribe = controller.subscribe(setState);
    void controller.start().finally(() => setStarting(false));
    // A phone in a pocket or on another tab: the camera off, and back on return.
    let resumeWith: FacingMode | null = null;
    const onVisibility = () => {
      const now = controller.state;
      if (document.hidden && now.status === "started") {
        resumeWith = now.facingMode;
        controller.stop();
      } else if (!document.hidden && resumeWith) {
        const facingMode = resumeWith;
        resumeWith = null;
        setStarting(true);
        void controller.start(facingMode).finally(() => setStarting(false));
      }
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      unsubscribe();
      controller.stop();
    };
  }, []);

  const started = state.status === "started";
  useEffect(() => {
    const element = video.current;
    const canvas = overlay.current;
    if (!started || paused || !element) return;
    setLoopError(null);
    const context = canvas?.getContext("2d") ?? null;
    const grabFrame = createFrameGrabber();
    const loop = startScanLoop({
      detect: async () => {
        const frame = grabFrame(element);
        return frame ? detector.detect(frame) : [];
      },
      tracking,
      onCodes: (codes) => {
        const first = codes[0];
        if (first) read.current(first.rawValue);
      },
      onFrame: (codes) => {
        if (!tracking || !canvas || !context) return;
        if (canvas.width !== element.videoWidth) canvas.width = element.videoWidth;
        if (canvas.height !== element.videoHeight) canvas.height = element.videoHeight;
        drawTracking(context, canvas, codes);
        // How many codes the overlay shows (read by the end-to-end test).
        canvas.dataset.codes = String(codes.length);
      },
      onError: (error) => setLoopError(scannerErrorMessage(error)),
    });
    return () => {
      loop.stop();
      context?.clearRect(0, 0, canvas?.width ?? 0, canvas?.height ?? 0);
      if (canvas) delete canvas.dataset.codes;
    };
  }, [started, paused, tracking, detector]);

  async function restart(action: (c: CameraController) => Promise<unknown>) {
    const controller = camera.current;
    if (!controller) return;
    unlockVerdictSound();
    setStarting(true);
    await action(controller);
    setStarting(false);
  }

  return (
    <Stack gap="sm">
      <div
        data-camera={state.status}
        style={{
          position: "relative",
          width: "100%",
          maxWidth: 640,
          // Without a picture, a strip: the upload and drop below stay in view on a phone.
          ...(started || starting ? { aspectRatio: "4 / 3" } : { height: "6rem" }),
          background: "#000",
          borderRadius: "var(--mantine-radius-md)",
          overflow: "hidden",
        }}
      >
        <video
          ref={video}
          muted
          playsInline
          aria-label="Camera view"
          style={{ width: "100%", height: "100%", objectFit: "contain", display: "block" }}
        />
        <canvas
          ref={overlay}
          style={{
            position: "absolute",
            inset: 0,
            width: "100%",
            height: "100%",
            objectFit: "contain",
            pointerEvents: "none",
          }}
        />
        {started ? null : (
          <Text
            c="gray.3"
            ta="center"
            style={{ position: "absolute", inset: 0, display: "grid", placeItems: "center" }}
          >
            {starting
              ? "Starting the camera…"
              : state.status === "failed"
                ? "No camera"
                : "Camera off"}
          </Text>
        )}
      </div>
      {state.status === "failed" ? (
        <Alert
          role="alert"
          color="red"
          variant="light"
          title="The camera is not available"
          data-testid="camera-error"
        >
          {scannerErrorMessage(state.error)}
        </Alert>
      ) : null}
      {loopError ? (
        <Alert role="alert" color="red" variant="light" data-testid="detect-error">
          {loopError}
        </Alert>
      ) : null}
      <Group gap="sm">
        {started ? (
          <Button variant="default" onClick={() => camera.current?.stop()}>
            Stop the camera
          </Button>
        ) : (
          <Button loading={starting} onClick={() => restart((c) => c.start())}>
            {state.status === "failed" ? "Try the camera again" : "Start the camera"}
          </Button>
        )}
        {started && state.abilities.torch ? (
          <Button variant="default" onClick={() => camera.current?.setTorch(!state.torchOn)}>
            {state.torchOn ? "Torch off" : "Torch on"}
          </Button>
        ) : null}
        {started && state.abilities.switchCamera ? (
          <Button variant="default" onClick={() => restart((c) => c.switchCamera())}>
            Switch camera
          </Button>
        ) : null}
      </Group>
      <Switch
        label="Tracking overlay (outlines what the camera sees, reads more often)"
        checked={tracking}
        onChange={(event) => setTracking(event.currentTarget.checked)}
      />
    </Stack>
  );
}
