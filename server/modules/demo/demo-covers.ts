import sharp from "sharp";
import { coverImageRules, type EventCategory } from "../events/event-options.ts";

/** Two colours per category: the demo's covers are gradients, nothing downloaded. */
const palette: Record<EventCategory, [string, string]> = {
  music: ["#2b8a3e", "#1864ab"],
  nightlife: ["#5f3dc4", "#c2255c"],
  theatre: ["#c92a2a", "#e67700"],
  arts: ["#0b7285", "#5c940d"],
  sports: ["#1864ab", "#0ca678"],
  food: ["#e8590c", "#f08c00"],
  business: ["#343a40", "#1971c2"],
  family: ["#f76707", "#d6336c"],
  community: ["#2f9e44", "#66a80f"],
  other: ["#495057", "#7048e8"],
};

function gradientSvg([from, to]: [string, string]): string {
  const { width, height } = coverImageRules.large;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<circle cx="${width * 0.8}" cy="${height * 0.25}" r="${height * 0.3}" fill="#fff" fill-opacity="0.12"/>
<circle cx="${width * 0.15}" cy="${height * 0.9}" r="${height * 0.45}" fill="#000" fill-opacity="0.10"/>
</svg>`;
}

export type DemoCover = { width: number; height: number; large: Uint8Array; small: Uint8Array };

/** A category's cover at the two sizes uploads are kept at (WebP, like the upload path). */
export async function demoCover(category: EventCategory): Promise<DemoCover> {
  const svg = Buffer.from(gradientSvg(palette[category]));
  const { large, small } = coverImageRules;
  const [largeWebp, smallWebp] = await Promise.all([
    sharp(svg).resize(large.width, large.height).webp({ quality: 80 }).toBuffer(),
    sharp(svg).resize(small.width, small.height).webp({ quality: 80 }).toBuffer(),
  ]);
  return {
    width: large.width,
    height: large.height,
    large: new Uint8Array(largeWebp),
    small: new Uint8Array(smallWebp),
  };
}
