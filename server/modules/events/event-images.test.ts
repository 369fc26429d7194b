import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { eventFields, eventTestKit } from "#tests/support/kits/event-test-kit.ts";
import { refusal } from "#tests/support/refusal.ts";
import { eventImagesRouter } from "./event-images.http.ts";
import { eventImages, events } from "./events.schema.ts";

type Person = Awaited<ReturnType<ReturnType<typeof eventTestKit>["person"]>>;
type Cover = { imageId: string; large: string; small: string };

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#2f9e44" } })
    .png()
    .withMetadata({ exif: { IFD0: { Artist: "Secret Photographer" } } })
    .toBuffer();
}

describe.each(testDatabases)("cover images on $name", ({ open }) => {
  let database: TestDatabase;
  let owner: Person;
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    database = await open();
    owner = await eventTestKit(database).person({ business: true });
    const app = express();
    app.use(eventImagesRouter(database.db));
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await database?.dispose();
  });

  async function newEvent() {
    return owner.call<{ eventId: string }>("events.create", eventFields());
  }
  function setCover(eventId: string, bytes: Buffer, contentType = "image/png") {
    return owner.call<Cover>("events.setCover", {
      eventId,
      contentType,
      dataBase64: bytes.toString("base64"),
    });
  }

  it("keeps an upload as two WebP sizes without its metadata, and serves them", async () => {
    const { eventId } = await newEvent();
    const cover = await setCover(eventId, await png(2000, 1500));
    expect(cover.large).toBe(`/media/event-images/${cover.imageId}/large.webp`);
    const [event] = await database.db.select().from(events).where(eq(events.id, eventId));
    expect(event?.coverImageId).toBe(cover.imageId);

    for (const [url, width, height] of [
      [cover.large, 1600, 900],
      [cover.small, 640, 360],
    ] as const) {
      const response = await fetch(`${baseUrl}${url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const etag = response.headers.get("etag");
      expect(etag).toBeTruthy();
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: "webp", width, height });
      expect(meta.exif).toBeUndefined();

      const again = await fetch(`${baseUrl}${url}`, { headers: { "If-None-Match": etag ?? "" } });
      expect(again.status).toBe(304);
    }
  });

  it("replaces a cover with a new URL and deletes the old image; removes it", async () => {
    const { eventId } = await newEvent();
    const first = await setCover(eventId, await png(800, 600));
    const second = await setCover(eventId, await png(640, 480));
    expect(second.imageId).not.toBe(first.imageId);
    expect((await fetch(`${baseUrl}${first.small}`)).status).toBe(404);
    expect((await fetch(`${baseUrl}${second.small}`)).status).toBe(200);
    await expect(owner.call("events.removeCover", { eventId })).resolves.toEqual({ removed: true });
    const left = await database.db
      .select({ id: eventImages.id })
      .from(eventImages)
      .where(eq(eventImages.id, second.imageId));
    expect(left).toEqual([]);
  });

  it("refuses a file over 5 MB and a file that is not an image, whatever it claims", async () => {
    const { eventId } = await newEvent();
    const big = Buffer.alloc(6 * 1024 * 1024, 7);
    await expect(refusal(setCover(eventId, big))).resolves.toMatchObject({
      status: "INVALID_ARGUMENT",
      details: [{ path: "dataBase64", message: "The image is larger than 5 MB." }],
    });
    const text = Buffer.from("name,price\nJazz Night,12.50\n".repeat(50));
    await expect(refusal(setCover(eventId, text, "image/jpeg"))).resolves.toMatchObject({
      status: "INVALID_ARGUMENT",
      details: [
        {
          path: "dataBase64",
          message: "This file is not an image we can read (JPEG, PNG, WebP, GIF or AVIF).",
        },
      ],
    });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    await expect(refusal(setCover(eventId, svg, "image/png"))).resolves.toMatchObject({
      status: "INVALID_ARGUMENT",
    });
    const [event] = await database.db.select().from(events).where(eq(events.id, eventId));
    expect(event?.coverImageId).toBeNull();
  });

  it("answers 404 for unknown ids, malformed ids and sizes it does not keep", async () => {
    const { eventId } = await newEvent();
    const cover = await setCover(eventId, await png(100, 100));
    for (const path of [
      "/media/event-images/00000000-0000-4000-8000-000000000000/large.webp",
      "/media/event-images/not-a-uuid/large.webp",
      `/media/event-images/${cover.imageId}/huge.webp`,
      `/media/event-images/${cover.imageId}/large.png`,
    ]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(404);
    }
  });
});
