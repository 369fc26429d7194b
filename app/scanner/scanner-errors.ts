/**
 * The scanner's errors (seed spec, section 8). Each has the seed's class name and a
 * message a person at the door can act on; `scannerErrorMessage` turns anything thrown
 * while starting the camera, decoding an image or detecting into one of those messages.
 */

export class StreamApiNotSupportedError extends Error {
  override name = "StreamApiNotSupportedError";
  constructor() {
    super("This browser has no Stream API support: the camera cannot be used here.");
  }
}

export class InsecureContextError extends Error {
  override name = "InsecureContextError";
  constructor() {
    super(
      "The camera only works in a secure context (HTTPS or localhost). You can still upload or drop an image of a code.",
    );
  }
}

export class StreamLoadTimeoutError extends Error {
  override name = "StreamLoadTimeoutError";
  constructor() {
    super("The camera stream did not load within 6 seconds. Try starting the camera again.");
  }
}

export class DropImageFetchError extends Error {
  override name = "DropImageFetchError";
  constructor() {
    super(
      "A cross-origin dropped image cannot be read: save the image, then upload or drop the file.",
    );
  }
}

/** Decoding an uploaded or dropped image failed; `kind` says why. */
export class ImageDecodeError extends Error {
  override name = "ImageDecodeError";
  readonly kind: "decode" | "closed" | "detached" | "taint";
  constructor(kind: ImageDecodeError["kind"]) {
    super(imageDecodeMessages[kind]);
    this.kind = kind;
  }
}

const imageDecodeMessages: Record<ImageDecodeError["kind"], string> = {
  decode: "This image could not be decoded: use a PNG, JPEG, GIF or WebP picture.",
  closed: "The image source is closed: take or choose the picture again.",
  detached: "The image source is detached: take or choose the picture again.",
  taint: "This image comes from another site and would taint the page, so it cannot be read.",
};

/** The seed's exact message when the detector itself fails. */
export const DETECTION_UNAVAILABLE = "Barcode detection service unavailable.";

export class DetectionUnavailableError extends Error {
  override name = "DetectionUnavailableError";
  constructor() {
    super(DETECTION_UNAVAILABLE);
  }
}

/** What `getUserMedia` may throw (DOMException names), in words. */
const mediaErrorMessages: Record<string, string> = {
  NotAllowedError:
    "Camera access was refused. Allow the camera for this site, then start it again.",
  NotFoundError: "No camera was found on this device.",
  NotReadableError: "The camera is in use by another app, or cannot be read.",
  OverconstrainedError: "No camera matches: try switching cameras.",
  AbortError: "The camera could not start. Try again.",
};

/**
 * The error the barcode reader threw about an image source, as one of ours: the ponyfill
 * throws DOMExceptions whose messages name a failed decode, a closed or detached source,
 * or a tainting one; anything else from `detect` is the detection service failing.
 */
export function classifyDetectError(error: unknown): Error {
  if (error instanceof ImageDecodeError || error instanceof DetectionUnavailableError) {
    return error;
  }
  const name = (error as { name?: string } | null)?.name ?? "";
  const message = String((error as { message?: string } | null)?.message ?? error);
  if (name === "SecurityError" || /taint/i.test(message)) return new ImageDecodeError("taint");
  if (/detached/i.test(message)) return new ImageDecodeError("detached");
  if (/closed/i.test(message)) return new ImageDecodeError("closed");
  if (/decode|invalid element or state/i.test(message)) return new ImageDecodeError("decode");
  return new DetectionUnavailableError();
}

/** One line for the screen, whatever was thrown. */
export function scannerErrorMessage(error: unknown): string {
  if (error instanceof Error) {
    const known = mediaErrorMessages[error.name];
    if (known) return known;
    if (error.message) return error.message;
  }
  return DETECTION_UNAVAILABLE;
}
