import {
  InsecureContextError,
  StreamApiNotSupportedError,
  StreamLoadTimeoutError,
} from "./scanner-errors.ts";

/** Seed spec, section 9: how long the video may take to load, then a settling wait. */
export const CAMERA_LOAD_TIMEOUT_MS = 6000;
export const CAMERA_SETTLE_MS = 500;
export const DEFAULT_FACING_MODE = "environment";

export type FacingMode = "environment" | "user";

/** What the camera can do beyond showing a picture, as far as the device says. */
export type CameraAbilities = { torch: boolean; switchCamera: boolean };

export type CameraState =
  | { status: "stopped" }
  | { status: "started"; facingMode: FacingMode; abilities: CameraAbilities; torchOn: boolean }
  | { status: "failed"; error: Error };

/** The browser's side, narrowed to what the camera uses (a fake in the tests). */
export type CameraEnvironment = {
  isSecureContext: boolean;
  mediaDevices?: {
    getUserMedia?: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
    enumerateDevices?: () => Promise<Pick<MediaDeviceInfo, "kind">[]>;
  };
};

/** The video element the stream plays in. */
export type VideoSink = {
  srcObject: MediaProvider | null;
  readyState: number;
  play(): Promise<void>;
  addEventListener(type: "loadeddata", listener: () => void): void;
  removeEventListener(type: "loadeddata", listener: () => void): void;
};

const HAVE_CURRENT_DATA = 2;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves once the video has a frame; rejects with StreamLoadTimeoutError after 6 s. */
function videoLoaded(video: VideoSink): Promise<void> {
  if (video.readyState >= HAVE_CURRENT_DATA) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      video.removeEventListener("loadeddata", loaded);
      reject(new StreamLoadTimeoutError());
    }, CAMERA_LOAD_TIMEOUT_MS);
    function loaded() {
      clearTimeout(timer);
      video.removeEventListener("loadeddata", loaded);
      resolve();
    }
    video.addEventListener("loadeddata", loaded);
  });
}

function stopTracks(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * The camera of the scanner (seed spec, section 4): stopped, started or failed. Starting
 * needs a secure context and the Stream API, then waits for the video to load (at most
 * 6000 ms) and 500 ms more, since some devices show black first frames.
 */
export class CameraController {
  state: CameraState = { status: "stopped" };
  private stream: MediaStream | null = null;
  /** Bumped by every start and stop: a start that lost the race cleans up after itself. */
  private generation = 0;
  private readonly listeners = new Set<(state: CameraState) => void>();
  private readonly environment: CameraEnvironment;
  private readonly video: VideoSink;

  constructor(environment: CameraEnvironment, video: VideoSink) {
    this.environment = environment;
    this.video = video;
  }

  subscribe(listener: (state: CameraState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(state: CameraState): void {
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }

  async start(facingMode: FacingMode = DEFAULT_FACING_MODE): Promise<CameraState> {
    const generation = ++this.generation;
    this.release();
    let stream: MediaStream | null = null;
    try {
      // Checked in this order: an insecure page has no mediaDevices at all.
      if (!this.environment.isSecureContext) throw new InsecureContextError();
      const media = this.environment.mediaDevices;
      if (!media?.getUserMedia) throw new StreamApiNotSupportedError();
      stream = await media.getUserMedia({
        audio: false,
        video: {
          facingMode: { ideal: facingMode },
          width: { min: 360, ideal: 1280, max: 1920 },
          height: { min: 240, ideal: 720, max: 1080 },
        },
      });
      if (generation !== this.generation) throw new Superseded();
      this.stream = stream;
      this.video.srcObject = stream;
      void this.video.play().catch(() => {});
      await videoLoaded(this.video);
      await sleep(CAMERA_SETTLE_MS);
      if (generation !== this.generation) throw new Superseded();
      const abilities = await this.abilities(stream);
      if (generation !== this.generation) throw new Superseded();
      this.set({ status: "started", facingMode, abilities, torchOn: false });
    } catch (error) {
      if (error instanceof Superseded) {
        if (stream !== this.stream) stopTracks(stream);
        return this.state;
      }
      this.release();
      this.set({
        status: "failed",
        error: error instanceof Error ? error : new Error(String(error)),
      });
    }
    return this.state;
  }

  stop(): void {
    this.generation += 1;
    this.release();
    this.set({ status: "stopped" });
  }

  /** The other camera (front or back), where the device has more than one. */
  switchCamera(): Promise<CameraState> {
    const current = this.state.status === "started" ? this.state.facingMode : DEFAULT_FACING_MODE;
    return this.start(current === "environment" ? "user" : "environment");
  }

  /** Torch on or off, where the camera has one; false when it could not be set. */
  async setTorch(on: boolean): Promise<boolean> {
    const state = this.state;
    const track = this.stream?.getVideoTracks()[0];
    if (state.status !== "started" || !state.abilities.torch || !track) return false;
    try {
      await track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
      this.set({ ...state, torchOn: on });
      return true;
    } catch {
      return false;
    }
  }

  private async abilities(stream: MediaStream): Promise<CameraAbilities> {
    const track = stream.getVideoTracks()[0];
    const capabilities = (track?.getCapabilities?.() ?? {}) as MediaTrackCapabilities & {
      torch?: boolean;
    };
    let cameras = 0;
    try {
      const devices = (await this.environment.mediaDevices?.enumerateDevices?.()) ?? [];
      cameras = devices.filter((device) => device.kind === "videoinput").length;
    } catch {
      cameras = 0;
    }
    return { torch: capabilities.torch === true, switchCamera: cameras > 1 };
  }

  private release(): void {
    stopTracks(this.stream);
    this.stream = null;
    this.video.srcObject = null;
  }
}

/** A start overtaken by a later start or a stop. */
class Superseded extends Error {}
