import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type DetectedCode,
  SCAN_INTERVAL_MS,
  startScanLoop,
  TRACKING_SCAN_INTERVAL_MS,
} from "./scan-loop.ts";
import {
  DETECTION_UNAVAILABLE,
  DetectionUnavailableError,
  ImageDecodeError,
} from "./scanner-errors.ts";

const code = (rawValue: string): DetectedCode => ({
  rawValue,
  format: "qr_code",
  boundingBox: { x: 1, y: 2, width: 3, height: 4 },
  cornerPoints: [
    { x: 1, y: 2 },
    { x: 4, y: 2 },
    { x: 4, y: 6 },
    { x: 1, y: 6 },
  ],
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the scan loop", () => {
  it("reads a frame at once, then one every 500 ms", async () => {
    const detect = vi.fn(async () => [] as DetectedCode[]);
    const loop = startScanLoop({ detect, tracking: false, onCodes: () => {}, onError: () => {} });
    await vi.advanceTimersByTimeAsync(0);
    expect(detect).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SCAN_INTERVAL_MS - 1);
    expect(detect).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(detect).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(SCAN_INTERVAL_MS * 4);
    expect(detect).toHaveBeenCalledTimes(6);
    loop.stop();
    await vi.advanceTimersByTimeAsync(SCAN_INTERVAL_MS * 4);
    expect(detect).toHaveBeenCalledTimes(6);
  });

  it("reads every 40 ms with the tracking overlay, and hands each frame to it", async () => {
    expect(TRACKING_SCAN_INTERVAL_MS).toBe(40);
    const detect = vi.fn(async () => [code("A")]);
    const frames: number[] = [];
    const loop = startScanLoop({
      detect,
      tracking: true,
      onCodes: () => {},
      onFrame: (codes) => frames.push(codes.length),
      onError: () => {},
    });
    await vi.advanceTimersByTimeAsync(39);
    expect(detect).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(detect).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(400);
    expect(detect).toHaveBeenCalledTimes(12);
    expect(frames).toHaveLength(12);
    loop.stop();
  });

  it("waits for a slow read before counting the interval (never two reads at once)", async () => {
    let inFlight = 0;
    let most = 0;
    const detect = vi.fn(async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 300));
      inFlight -= 1;
      return [];
    });
    const loop = startScanLoop({ detect, tracking: true, onCodes: () => {}, onError: () => {} });
    await vi.advanceTimersByTimeAsync(340 * 3);
    expect(detect).toHaveBeenCalledTimes(4);
    expect(most).toBe(1);
    loop.stop();
  });

  it("hands on frames with codes only, with their raw values", async () => {
    const frames = [[], [code("T1")], []];
    const detect = vi.fn(async () => frames.shift() ?? []);
    const found: string[][] = [];
    const loop = startScanLoop({
      detect,
      tracking: false,
      onCodes: (codes) => found.push(codes.map((c) => c.rawValue)),
      onError: () => {},
    });
    await vi.advanceTimersByTimeAsync(SCAN_INTERVAL_MS * 3);
    expect(found).toEqual([["T1"]]);
    loop.stop();
  });

  it("stops on a detection failure and says 'Barcode detection service unavailable.'", async () => {
    const detect = vi.fn(async () => {
      throw new DOMException("Barcode detection service unavailable.", "NotSupportedError");
    });
    const errors: Error[] = [];
    const loop = startScanLoop({
      detect,
      tracking: false,
      onCodes: () => {},
      onError: (e) => errors.push(e),
    });
    await vi.advanceTimersByTimeAsync(SCAN_INTERVAL_MS * 3);
    expect(detect).toHaveBeenCalledTimes(1);
    expect(errors[0]).toBeInstanceOf(DetectionUnavailableError);
    expect(errors[0]?.message).toBe(DETECTION_UNAVAILABLE);
    expect(loop.running).toBe(false);
  });

  it("reports an unreadable video frame as an image decoding error", async () => {
    const detect = vi.fn(async () => {
      throw new DOMException("Invalid element or state.", "InvalidStateError");
    });
    const errors: Error[] = [];
    startScanLoop({ detect, tracking: false, onCodes: () => {}, onError: (e) => errors.push(e) });
    await vi.advanceTimersByTimeAsync(0);
    expect(errors[0]).toBeInstanceOf(ImageDecodeError);
  });
});
