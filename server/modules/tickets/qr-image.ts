import sharp from "sharp";
import { encode } from "uqr";

/**
 * The QR symbol of a token: error correction M (15 %), which with a 120-character token
 * is version 7 (45 modules): big modules, readable off a dim phone screen or a print.
 */
export function qrModules(token: string): boolean[][] {
  return encode(token, { ecc: "M", border: 4 }).data;
}

/** The symbol as a PNG, `scale` pixels per module, black on white (for the PDF). */
export async function qrPng(token: string, scale = 8): Promise<Buffer> {
  const modules = qrModules(token);
  const size = modules.length * scale;
  const pixels = Buffer.alloc(size * size, 255);
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++) {
        pixels.fill(
          0,
          (y * scale + dy) * size + x * scale,
          (y * scale + dy) * size + (x + 1) * scale,
        );
      }
    });
  });
  return sharp(pixels, { raw: { width: size, height: size, channels: 1 } })
    .toColourspace("srgb")
    .png()
    .toBuffer();
}
