import { eq } from "drizzle-orm";
import sharp, { type Metadata } from "sharp";
import { type CoverImageSize, coverImagePath, coverImageRules } from "#contract/event-options.ts";
import { fieldError } from "#server/platform/callable/function-error.ts";
import type { Database, Executor } from "#server/platform/db/database.ts";
import { assertNotCancelled, requireOwnedEvent } from "./event-ownership.ts";
import { emitEventsUpdated } from "./event-webhooks.ts";
import { eventImages, events } from "./events.schema.ts";

const tooLarge = "The image is larger than 5 MB.";
const notAnImage = "This file is not an image we can read (JPEG, PNG, WebP, GIF or AVIF).";

/**
 * A decompression bomb (a tiny file of enormous dimensions) is refused before decoding:
 * 40 megapixels covers any camera a phone or a DSLR takes covers with.
 */
const limitInputPixels = 40_000_000;

/** What the file really is, read from its bytes (the declared type is not trusted). */
function isAcceptedFormat(metadata: Metadata): boolean {
  if (metadata.format === "heif") return metadata.compression === "av1";
  return ["jpeg", "png", "webp", "gif"].includes(metadata.format ?? "");
}

async function renderWebp(bytes: Buffer, size: { width: number; height: number }) {
  // rotate(): applies the EXIF orientation before it is dropped; output keeps no metadata.
  return sharp(bytes, { limitInputPixels })
    .rotate()
    .resize(size.width, size.height, { fit: "cover" })
    .webp({ quality: 80 })
    .toBuffer();
}

export type ProcessedCover = { large: Buffer; small: Buffer; width: number; height: number };

/**
 * An upload as the server keeps it: checked by size and by content, re-encoded to WebP at
 * the two cover sizes. Nothing uploaded is ever served as is.
 */
export async function processCoverImage(bytes: Buffer): Promise<ProcessedCover> {
  if (bytes.length > coverImageRules.maxBytes) throw fieldError("dataBase64", tooLarge);
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels }).metadata();
  } catch {
    throw fieldError("dataBase64", notAnImage);
  }
  if (!isAcceptedFormat(metadata)) throw fieldError("dataBase64", notAnImage);
  try {
    const [large, small] = await Promise.all([
      renderWebp(bytes, coverImageRules.large),
      renderWebp(bytes, coverImageRules.small),
    ]);
    return { large, small, ...coverImageRules.large };
  } catch {
    // A header that reads but pixels that do not (truncated file, too many pixels).
    throw fieldError("dataBase64", notAnImage);
  }
}

/** Base64 decoded, refusing before decoding what is certainly over the limit. */
export function decodeUpload(dataBase64: string): Buffer {
  const approximateBytes = Math.floor((dataBase64.length * 3) / 4);
  if (approximateBytes > coverImageRules.maxBytes + 3) throw fieldError("dataBase64", tooLarge);
  return Buffer.from(dataBase64, "base64");
}

async function deleteImage(tx: Executor, imageId: string | null): Promise<void> {
  if (imageId) await tx.delete(eventImages).where(eq(eventImages.id, imageId));
}

/**
 * Replaces an event's cover. The image is processed before the transaction (it takes
 * CPU time, not locks); the owner is checked before that too, so nobody else's upload
 * costs any work. A new image gets a new id and URL, which is why URLs are immutable.
 * Either change queues `event.updated` (event-webhooks.ts).
 */
export async function setEventCover(
  db: Database,
  userId: string,
  input: { eventId: string; dataBase64: string },
) {
  const { event: seen } = await requireOwnedEvent(db, userId, input.eventId);
  assertNotCancelled(seen);
  const cover = await processCoverImage(decodeUpload(input.dataBase64));
  return db.transaction(async (tx) => {
    const { business, event } = await requireOwnedEvent(tx, userId, input.eventId, {
      lock: true,
    });
    assertNotCancelled(event);
    const [image] = await tx
      .insert(eventImages)
      .values({ businessId: business.id, ...cover })
      .returning({ id: eventImages.id });
    if (!image) throw new Error("image not inserted");
    await tx
      .update(events)
      .set({ coverImageId: image.id, updatedAt: new Date() })
      .where(eq(events.id, event.id));
    await deleteImage(tx, event.coverImageId);
    await emitEventsUpdated(tx, [event]);
    return {
      imageId: image.id,
      large: coverImagePath(image.id, "large"),
      small: coverImagePath(image.id, "small"),
    };
  });
}

/** Removes an event's cover and deletes the stored image. */
export async function removeEventCover(db: Database, userId: string, eventId: string) {
  return db.transaction(async (tx) => {
    const { event } = await requireOwnedEvent(tx, userId, eventId, { lock: true });
    assertNotCancelled(event);
    await tx
      .update(events)
      .set({ coverImageId: null, updatedAt: new Date() })
      .where(eq(events.id, event.id));
    await deleteImage(tx, event.coverImageId);
    // Removing a cover there is not is no change.
    if (event.coverImageId !== null) await emitEventsUpdated(tx, [event]);
    return { removed: event.coverImageId !== null };
  });
}

/** The stored WebP bytes of one size of an image, or null. */
export async function readCoverImage(
  db: Database,
  imageId: string,
  size: CoverImageSize,
): Promise<Uint8Array | null> {
  const column = size === "large" ? eventImages.large : eventImages.small;
  const [row] = await db
    .select({ bytes: column })
    .from(eventImages)
    .where(eq(eventImages.id, imageId));
  return row?.bytes ?? null;
}
