import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { inflateSync } from "node:zlib";
import { PDFDocument, PDFName, type PDFNumber, PDFRawStream } from "pdf-lib";
import sharp from "sharp";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";

let prepared: Promise<unknown> | null = null;

/** zxing's reader with its .wasm from node_modules (it would fetch it from a CDN). */
function ready(): Promise<unknown> {
  prepared ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasm = await readFile(require.resolve("zxing-wasm/reader/zxing_reader.wasm"));
    return prepareZXingModule({
      overrides: {
        wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength),
      },
      fireImmediately: true,
    });
  })();
  return prepared;
}

/** The texts of the QR codes in an image (PNG, JPEG…), read the way a phone would. */
export async function decodeQrImage(image: Buffer): Promise<string[]> {
  await ready();
  const { data, info } = await sharp(image)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const results = await readBarcodes(
    {
      data: new Uint8ClampedArray(data),
      width: info.width,
      height: info.height,
      colorSpace: "srgb",
    },
    { formats: ["QRCode"] },
  );
  return results.filter((r) => r.isValid).map((r) => r.text);
}

/**
 * The images of a PDF, page by page, as PNGs (8-bit Flate-compressed, as pdf-lib embeds a
 * PNG): what a test needs to read the QR code back out of a downloaded ticket.
 */
export async function pdfImages(bytes: Uint8Array): Promise<{ pages: number; images: Buffer[] }> {
  const pdf = await PDFDocument.load(bytes);
  const images: Buffer[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const dict = object.dict;
    if (dict.get(PDFName.of("Subtype")) !== PDFName.of("Image")) continue;
    const width = (dict.get(PDFName.of("Width")) as PDFNumber).asNumber();
    const height = (dict.get(PDFName.of("Height")) as PDFNumber).asNumber();
    const space = dict.get(PDFName.of("ColorSpace"));
    const channels = space === PDFName.of("DeviceGray") ? 1 : 3;
    const pixels = inflateSync(Buffer.from(object.contents));
    images.push(await sharp(pixels, { raw: { width, height, channels } }).png().toBuffer());
  }
  return { pages: pdf.getPageCount(), images };
}
