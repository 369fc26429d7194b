import { classifyDetectError } from "./scanner-errors.ts";

/** Seed spec, section 9: a frame every 500 ms, or every 40 ms with the tracking overlay. */
export const SCAN_INTERVAL_MS = 500;
export const TRACKING_SCAN_INTERVAL_MS = 40;

export const scanIntervalMs = (tracking: boolean) =>
  tracking ? TRACKING_SCAN_INTERVAL_MS : SCAN_INTERVAL_MS;

/** One code found in a frame (the Barcode Detection API's DetectedBarcode). */
export type DetectedCode = {
  rawValue: string;
  format: string;
  boundingBox: { x: number; y: number; width: number; height: number };
  cornerPoints: readonly { x: number; y: number }[];
};

export type ScanLoop = { stop(): void; readonly running: boolean };

/**
 * Reads the current frame, then the next one `scanIntervalMs(tracking)` after that read
 * ended (never two reads at once, however slow the device). `onFrame` gets every frame's
 * codes (the tracking overlay), `onCodes` the frames with at least one; an error stops the
 * loop and goes to `onError` as one of the scanner's errors.
 */
export function startScanLoop(options: {
  detect: () => Promise<DetectedCode[]>;
  tracking: boolean;
  onCodes: (codes: DetectedCode[]) => void;
  onFrame?: (codes: DetectedCode[]) => void;
  onError: (error: Error) => void;
}): ScanLoop {
  let running = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const interval = scanIntervalMs(options.tracking);

  async function tick() {
    timer = undefined;
    let codes: DetectedCode[];
    try {
      codes = await options.detect();
    } catch (error) {
      if (!running) return;
      running = false;
      options.onError(classifyDetectError(error));
      return;
    }
    if (!running) return;
    options.onFrame?.(codes);
    if (codes.length > 0) options.onCodes(codes);
    if (running) timer = setTimeout(tick, interval);
  }

  void tick();
  return {
    stop() {
      running = false;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
    get running() {
      return running;
    },
  };
}
