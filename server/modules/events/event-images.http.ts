import express from "express";
import type { CoverImageSize } from "#contract/event-options.ts";
import { isUuid } from "#contract/uuid.ts";
import type { Database } from "#server/platform/db/database.ts";
import { readCoverImage } from "./event-images.service.ts";

const sizes: readonly string[] = ["large", "small"] satisfies CoverImageSize[];

/**
 * `GET /media/event-images/{id}/{large|small}.webp` (coverImagePath). A new upload gets a
 * new id, so a URL's bytes never change: browsers and CDNs keep them for a year and
 * revalidate (should they ever) by the ETag alone, without reading the database.
 */
export function eventImagesRouter(db: Database): express.Router {
  const router = express.Router();
  router.get("/media/event-images/:id/:size.webp", async (req, res, next) => {
    const { id, size } = req.params;
    if (!isUuid(id) || !sizes.includes(size)) {
      res.status(404).type("text/plain").send("Image not found.");
      return;
    }
    const etag = `"${id.toLowerCase()}-${size}"`;
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.setHeader("ETag", etag);
    if (req.headers["if-none-match"]?.split(/\s*,\s*/).includes(etag)) {
      res.status(304).end();
      return;
    }
    try {
      const bytes = await readCoverImage(db, id, size as CoverImageSize);
      if (!bytes) {
        res.removeHeader("Cache-Control");
        res.removeHeader("ETag");
        res.status(404).type("text/plain").send("Image not found.");
        return;
      }
      res.setHeader("Content-Type", "image/webp");
      res.setHeader("Content-Length", bytes.byteLength);
      res.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    } catch (error) {
      next(error);
    }
  });
  return router;
}
