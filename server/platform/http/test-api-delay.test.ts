import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApiDelay } from "./test-api-delay.ts";

let base = "";
let close = () => {};

beforeAll(async () => {
  const app = express();
  app.use(testApiDelay());
  app.get("/api/ping", (_req, res) => void res.json({ ok: true }));
  app.get("/page", (_req, res) => void res.send("page"));
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const setDelay = (ms: unknown) =>
  fetch(`${base}/__test/api-delay`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ms }),
  });

/** Whether the request answered before `ms` (a deliberately generous margin). */
async function answersWithin(path: string, ms: number): Promise<boolean> {
  const cut = AbortSignal.timeout(ms);
  try {
    await (await fetch(`${base}${path}`, { signal: cut })).text();
    return true;
  } catch {
    return false;
  }
}

describe("the test-only /api delay", () => {
  it("makes /api answers late until set back to 0, and leaves other paths alone", async () => {
    expect((await setDelay(2_000)).status).toBe(200);
    expect(await answersWithin("/api/ping", 500)).toBe(false);
    expect(await answersWithin("/page", 1_500)).toBe(true);
    expect((await setDelay(0)).status).toBe(200);
    expect(await answersWithin("/api/ping", 1_500)).toBe(true);
  });

  it("refuses a delay that is not a whole number of ms within the limit", async () => {
    for (const ms of [-1, 1.5, "x", 10_000_000]) expect((await setDelay(ms)).status).toBe(400);
  });
});
