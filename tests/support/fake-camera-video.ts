import { writeFile } from "node:fs/promises";
import { qrModules } from "#server/modules/tickets/qr-image.ts";

/**
 * A QR code as a grey-scale frame (`width`×`height`, one byte a pixel, white ground), the
 * symbol centred at `scale` pixels a module: what a camera pointed at a ticket sees.
 */
export function qrFrame(token: string, width: number, height: number, scale: number): Uint8Array {
  const modules = qrModules(token);
  const side = modules.length * scale;
  if (side > width || side > height)
    throw new Error(`QR of ${side}px does not fit ${width}x${height}`);
  const luma = new Uint8Array(width * height).fill(235);
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++) {
        const start = (top + y * scale + dy) * width + left + x * scale;
        luma.fill(16, start, start + scale);
      }
    });
  });
  return luma;
}

/**
 * A Y4M video (raw YUV 4:2:0 frames) of a ticket's QR code, for Chromium's fake camera
 * (`--use-file-for-fake-video-capture`); the frames loop.
 */
export async function writeQrVideo(
  file: string,
  token: string,
  options: { width?: number; height?: number; frames?: number; scale?: number } = {},
): Promise<void> {
  const { width = 1280, height = 720, frames = 3, scale = 10 } = options;
  const luma = qrFrame(token, width, height, scale);
  const chroma = new Uint8Array((width / 2) * (height / 2)).fill(128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`);
  const parts: Uint8Array[] = [header];
  for (let i = 0; i < frames; i++) parts.push(Buffer.from("FRAME\n"), luma, chroma, chroma);
  await writeFile(file, Buffer.concat(parts));
}
