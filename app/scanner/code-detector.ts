import { BarcodeDetector, prepareZXingModule, purgeZXingModule } from "barcode-detector/ponyfill";
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";
import { checkBarcodeFormats, type KnownBarcodeFormat } from "./barcode-formats.ts";
import type { DetectedCode } from "./scan-loop.ts";

/**
 * What the ponyfill's reader runs with (zxing-wasm's defaults, which `detect` keeps):
 * seed spec, section 9. Stated here so a change of library version that alters them is
 * caught by the scanner's tests (code-detector.test.ts compares them with zxing-wasm's).
 */
export const READER_OPTIONS = {
  tryHarder: true,
  tryRotate: true,
  tryInvert: true,
  tryDownscale: true,
  maxNumberOfSymbols: 255,
  minLineCount: 2,
} as const;

export type CodeSource = HTMLVideoElement | HTMLCanvasElement | ImageData | Blob;
export type CodeDetector = { detect(source: CodeSource): Promise<DetectedCode[]> };

let preparing: Promise<unknown> | null = null;

/**
 * Fetches and compiles the reader once. A failure (the network lost while the .wasm was
 * on its way) would be kept by the library and fail every later read until a reload: it
 * is forgotten instead, so the next read fetches again, from the door worker's copy when
 * offline. Purging drops our `locateFile` too, so every read prepares first (below).
 */
function prepareReader(): Promise<unknown> {
  preparing ??= prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith(".wasm") ? new URL(wasmUrl, window.location.href).href : prefix + path,
    },
    fireImmediately: true,
  }).catch((error: unknown) => {
    purgeZXingModule();
    preparing = null;
    throw error;
  });
  return preparing;
}

/**
 * The barcode reader: the `barcode-detector` ponyfill (Chromium here has no native
 * BarcodeDetector) on zxing-wasm, whose .wasm comes from our own /assets (Vite emits it
 * with a content hash); the library's default would fetch it from a CDN.
 */
export function createCodeDetector(formats?: readonly string[]): CodeDetector {
  const checked: KnownBarcodeFormat[] = checkBarcodeFormats(formats);
  // Started now, so the first code is read without waiting for the download.
  prepareReader().catch(() => {});
  const detector = new BarcodeDetector({ formats: checked });
  return {
    detect: async (source) => {
      // A failed preparation is reported by `detect` ('Barcode detection service unavailable.').
      await prepareReader().catch(() => {});
      return detector.detect(source);
    },
  };
}
