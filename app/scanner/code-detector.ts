import { BarcodeDetector, prepareZXingModule } from "barcode-detector/ponyfill";
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

let prepared = false;

/**
 * The barcode reader: the `barcode-detector` ponyfill (Chromium here has no native
 * BarcodeDetector) on zxing-wasm, whose .wasm comes from our own /assets (Vite emits it
 * with a content hash); the library's default would fetch it from a CDN.
 */
export function createCodeDetector(formats?: readonly string[]): CodeDetector {
  const checked: KnownBarcodeFormat[] = checkBarcodeFormats(formats);
  if (!prepared) {
    prepared = true;
    const ownWasm = new URL(wasmUrl, window.location.href).href;
    prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) =>
          path.endsWith(".wasm") ? ownWasm : prefix + path,
      },
      fireImmediately: true,
    }).catch(() => {
      // Reported by the first `detect` as 'Barcode detection service unavailable.'
    });
  }
  const detector = new BarcodeDetector({ formats: checked });
  return { detect: (source) => detector.detect(source) };
}
