/**
 * Draws the door app's icons (`public/door-icon-192.png`, `public/door-icon-512.png`) from
 * the favicon, once: the PNGs are committed, nothing is drawn at run time. Run it again
 * after changing `public/favicon.svg`: `node scripts/door-icons.ts`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const publicDir = path.resolve(import.meta.dirname, "../public");
const svg = readFileSync(path.join(publicDir, "favicon.svg"));

for (const size of [192, 512]) {
  // The SVG is 32 units wide: rasterise at the target size, not scale a small bitmap up.
  await sharp(svg, { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, `door-icon-${size}.png`));
}
