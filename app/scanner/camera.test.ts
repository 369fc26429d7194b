import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CAMERA_LOAD_TIMEOUT_MS,
  CAMERA_SETTLE_MS,
  CameraController,
  type CameraEnvironment,
  type VideoSink,
} from "./camera.ts";
import {
  InsecureContextError,
  StreamApiNotSupportedError,
  StreamLoadTimeoutError,
} from "./scanner-errors.ts";

/** A fake stream of one video track, with or without a torch. */
function fakeStream(torch = false) {
  const track = {
    stop: vi.fn(),
    getCapabilities: () => (torch ? { torch: true } : {}),
    applyConstraints: vi.fn(async () => {}),
  };
  const stream = { getTracks: () => [track], getVideoTracks: () => [track] };
  return { stream: stream as unknown as MediaStream, track };
}

/** A fake video element: `load()` fires loadeddata as a real one would. */
function fakeVideo() {
  const listeners = new Set<() => void>();
  const video = {
    srcObject: null as MediaProvider | null,
    readyState: 0,
    play: vi.fn(async () => {}),
    addEventListener: (_: "loadeddata", listener: () => void) => listeners.add(listener),
    removeEventListener: (_: "loadeddata", listener: () => void) => listeners.delete(listener),
    load() {
      video.readyState = 4;
      for (const listener of [...listeners]) listener();
    },
    listenerCount: () => listeners.size,
  };
  return video satisfies VideoSink;
}

function environment(overrides: Partial<CameraEnvironment> = {}, torch = false) {
  const { stream, track } = fakeStream(torch);
  const getUserMedia = vi.fn(async (_: MediaStreamConstraints) => stream);
  const env: CameraEnvironment = {
    isSecureContext: true,
    mediaDevices: {
      getUserMedia,
      enumerateDevices: async () => [{ kind: "videoinput" }, { kind: "videoinput" }],
    },
    ...overrides,
  };
  return { env, getUserMedia, track };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the camera state machine", () => {
  it("is stopped until started", () => {
    const camera = new CameraController(environment().env, fakeVideo());
    expect(camera.state).toEqual({ status: "stopped" });
  });

  it("fails with InsecureContextError outside a secure context, before asking for the camera", async () => {
    const { env, getUserMedia } = environment({ isSecureContext: false });
    const camera = new CameraController(env, fakeVideo());
    const state = await camera.start();
    expect(state.status).toBe("failed");
    const error = state.status === "failed" ? state.error : null;
    expect(error).toBeInstanceOf(InsecureContextError);
    expect(error?.message).toContain("camera only works in a secure context");
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it("fails with StreamApiNotSupportedError without getUserMedia", async () => {
    for (const mediaDevices of [undefined, {}]) {
      const camera = new CameraController({ isSecureContext: true, mediaDevices }, fakeVideo());
      const state = await camera.start();
      expect(state.status === "failed" && state.error).toBeInstanceOf(StreamApiNotSupportedError);
      expect(state.status === "failed" && state.error.message).toContain("no Stream API support");
    }
  });

  it("asks for the back camera (facing mode environment) by default", async () => {
    const { env, getUserMedia } = environment();
    const video = fakeVideo();
    const camera = new CameraController(env, video);
    const started = camera.start();
    await vi.advanceTimersByTimeAsync(0);
    video.load();
    await vi.advanceTimersByTimeAsync(CAMERA_SETTLE_MS);
    await started;
    const constraints = getUserMedia.mock.calls[0]?.[0] ?? {};
    expect((constraints.video as MediaTrackConstraints).facingMode).toEqual({
      ideal: "environment",
    });
    expect(constraints.audio).toBe(false);
  });

  it("waits for the video up to 6000 ms, then fails with StreamLoadTimeoutError and stops the stream", async () => {
    const { env, track } = environment();
    const video = fakeVideo();
    const camera = new CameraController(env, video);
    const started = camera.start();
    await vi.advanceTimersByTimeAsync(CAMERA_LOAD_TIMEOUT_MS - 1);
    expect(camera.state.status).toBe("stopped");
    await vi.advanceTimersByTimeAsync(1);
    const state = await started;
    expect(state.status === "failed" && state.error).toBeInstanceOf(StreamLoadTimeoutError);
    expect(state.status === "failed" && state.error.message).toContain(
      "did not load within 6 seconds",
    );
    expect(track.stop).toHaveBeenCalled();
    expect(video.srcObject).toBeNull();
    expect(video.listenerCount()).toBe(0);
  });

  it("is started 500 ms after the video loaded, not before", async () => {
    const { env } = environment();
    const video = fakeVideo();
    const camera = new CameraController(env, video);
    const started = camera.start();
    await vi.advanceTimersByTimeAsync(5999);
    video.load();
    await vi.advanceTimersByTimeAsync(CAMERA_SETTLE_MS - 1);
    expect(camera.state.status).toBe("stopped");
    await vi.advanceTimersByTimeAsync(1);
    await started;
    expect(camera.state).toEqual({
      status: "started",
      facingMode: "environment",
      abilities: { torch: false, switchCamera: true },
      torchOn: false,
    });
    expect(video.srcObject).not.toBeNull();
  });

  it("turns the torch on where the camera has one, and not otherwise", async () => {
    for (const torch of [true, false]) {
      const { env, track } = environment({}, torch);
      const video = fakeVideo();
      video.readyState = 4;
      const camera = new CameraController(env, video);
      const started = camera.start();
      await vi.advanceTimersByTimeAsync(CAMERA_SETTLE_MS);
      await started;
      expect(await camera.setTorch(true)).toBe(torch);
      expect(track.applyConstraints).toHaveBeenCalledTimes(torch ? 1 : 0);
      expect(camera.state.status === "started" && camera.state.torchOn).toBe(torch);
    }
  });

  it("switches between the back and front cameras", async () => {
    const { env, getUserMedia } = environment();
    const video = fakeVideo();
    video.readyState = 4;
    const camera = new CameraController(env, video);
    const first = camera.start();
    await vi.advanceTimersByTimeAsync(CAMERA_SETTLE_MS);
    await first;
    const second = camera.switchCamera();
    await vi.advanceTimersByTimeAsync(CAMERA_SETTLE_MS);
    await second;
    expect(camera.state.status === "started" && camera.state.facingMode).toBe("user");
    const facing = getUserMedia.mock.calls.map(
      ([constraints]) => (constraints.video as MediaTrackConstraints).facingMode,
    );
    expect(facing).toEqual([{ ideal: "environment" }, { ideal: "user" }]);
  });

  it("stops the stream when stopped, and a stop during start wins", async () => {
    const { env, track } = environment();
    const video = fakeVideo();
    const camera = new CameraController(env, video);
    const states: string[] = [];
    camera.subscribe((state) => states.push(state.status));
    const started = camera.start();
    await vi.advanceTimersByTimeAsync(0);
    camera.stop();
    video.load();
    await vi.advanceTimersByTimeAsync(CAMERA_SETTLE_MS);
    await started;
    expect(camera.state.status).toBe("stopped");
    expect(track.stop).toHaveBeenCalled();
    expect(states).toEqual(["stopped"]);
  });

  it("fails with the browser's error when the camera is refused", async () => {
    const refused = new DOMException("Permission denied", "NotAllowedError");
    const { env } = environment();
    const camera = new CameraController(
      { ...env, mediaDevices: { getUserMedia: async () => Promise.reject(refused) } },
      fakeVideo(),
    );
    const state = await camera.start();
    expect(state.status === "failed" && state.error).toBe(refused);
  });
});
