import { type SQL, sql } from "drizzle-orm";

/** Letters and digits a person can read aloud and type without confusing (no 0/o, 1/l/i). */
const shortIdAlphabet = "23456789abcdefghjkmnpqrstuvwxyz";
export const shortIdLength = 8;
const shortIdPattern = new RegExp(`^[${shortIdAlphabet}]{${shortIdLength}}$`);

/** A new random short id (Web Crypto: also safe in pages) for an event's public URL (31^8 ≈ 8.5e11 values). */
export function newShortId(): string {
  // 31 divides 248 = 8 × 31: bytes below 248 map evenly onto the alphabet.
  let id = "";
  while (id.length < shortIdLength) {
    for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(16))) {
      if (byte < 248 && id.length < shortIdLength) id += shortIdAlphabet[byte % 31];
    }
  }
  return id;
}

/** The title as a URL slug: lower-case ASCII words joined by hyphens, at most 60 characters. */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

/** An event's public path, `/{slug}-{shortId}` (or `/{shortId}` for a title with no letters). */
export function eventPath(event: { title: string; shortId: string }): string {
  const slug = slugify(event.title);
  return slug ? `/${slug}-${event.shortId}` : `/${event.shortId}`;
}

/**
 * The short id inside `/{id}`: the whole segment, or what follows its last hyphen.
 * Null when the segment cannot name an event (the 404 page, without a query).
 */
export function shortIdFromPathSegment(segment: string): string | null {
  const candidate = segment.slice(segment.lastIndexOf("-") + 1).toLowerCase();
  return shortIdPattern.test(candidate) ? candidate : null;
}

/** The id of the event with this short id (SQL null for none), for a larger statement. */
export function eventIdOfShortId(shortId: string): SQL {
  return sql`(select e.id from events e where e.short_id = ${shortId})`;
}
