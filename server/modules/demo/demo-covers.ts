import sharp from "sharp";
import { coverImageRules, type EventCategory } from "#contract/event-options.ts";

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

/** A small deterministic generator: the same title always draws the same cover. */
function randomFrom(seed: string): () => number {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619);
  return () => {
    state = Math.imul(state ^ (state >>> 15), 2246822507) + 0x6d2b79f5;
    state ^= state >>> 13;
    return ((state >>> 0) % 100_000) / 100_000;
  };
}

/** One of four motifs over the gradient, placed and sized by `random`. */
function motif(kind: number, random: () => number, width: number, height: number): string {
  const at = (scale: number) => Math.round(random() * scale);
  if (kind === 0) {
    // Overlapping discs.
    return Array.from({ length: 4 }, (_, i) => {
      const fill = i % 2 ? "#000" : "#fff";
      return `<circle cx="${at(width)}" cy="${at(height)}" r="${height * (0.15 + random() * 0.35)}" fill="${fill}" fill-opacity="${0.08 + random() * 0.1}"/>`;
    }).join("");
  }
  if (kind === 1) {
    // Diagonal bands.
    const angle = -60 + at(120);
    return `<g transform="rotate(${angle} ${width / 2} ${height / 2})">${Array.from(
      { length: 6 },
      (_, i) =>
        `<rect x="${-width + i * (width / 2.5)}" y="${-height}" width="${width * (0.05 + random() * 0.15)}" height="${height * 3}" fill="#fff" fill-opacity="${0.06 + random() * 0.1}"/>`,
    ).join("")}</g>`;
  }
  if (kind === 2) {
    // Concentric rings from a corner or an edge.
    const cx = at(width);
    const cy = at(height);
    return Array.from(
      { length: 7 },
      (_, i) =>
        `<circle cx="${cx}" cy="${cy}" r="${(i + 1) * height * 0.14}" fill="none" stroke="#fff" stroke-opacity="${0.16 - i * 0.015}" stroke-width="${height * 0.03}"/>`,
    ).join("");
  }
  // Waves.
  const base = height * (0.35 + random() * 0.3);
  return Array.from({ length: 3 }, (_, i) => {
    const y = base + i * height * 0.14;
    const amp = height * (0.05 + random() * 0.08);
    return `<path d="M0 ${y} C ${width * 0.25} ${y - amp}, ${width * 0.5} ${y + amp}, ${width} ${y - amp / 2} L ${width} ${height} L 0 ${height} Z" fill="#fff" fill-opacity="${0.07 + i * 0.03}"/>`;
  }).join("");
}

/** The category's colours, a direction and a motif drawn from the event's title. */
function coverSvg([from, to]: [string, string], seed: string): string {
  const { width, height } = coverImageRules.large;
  const random = randomFrom(seed);
  const [start, end] = random() < 0.5 ? [from, to] : [to, from];
  const x2 = random().toFixed(2);
  const y2 = (1 - Number(x2) * 0.5).toFixed(2);
  const kind = Math.floor(random() * 4);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="${x2}" y2="${y2}">
<stop offset="0" stop-color="${start}"/><stop offset="1" stop-color="${end}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
${motif(kind, random, width, height)}
</svg>`;
}

export type DemoCover = { width: number; height: number; large: Uint8Array; small: Uint8Array };

/**
 * A demo event's cover, drawn at seed time from its category's colours and its title (so
 * no two events look alike), at the two sizes uploads are kept at (WebP, like the upload
 * path). Nothing is downloaded.
 */
export async function demoCover(category: EventCategory, title: string): Promise<DemoCover> {
  const svg = Buffer.from(coverSvg(palette[category], title));
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
