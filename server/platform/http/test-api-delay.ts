import express from "express";

/** Longest delay a test may ask for: long enough to look unreachable, short enough to end. */
const MAX_DELAY_MS = 120_000;

/**
 * Test mode only (`NODE_ENV=test`, mounted by `createApp` when `testMode`): makes every
 * `/api` answer late by `ms`, set at run time with `POST /__test/api-delay {"ms": N}`
 * (0 ends it). The end-to-end test of the offline door's automatic switch (decision 030)
 * makes the server slow with it, without stopping it. Per process.
 */
export function testApiDelay(): express.Router {
  let delayMs = 0;
  const router = express.Router();
  router.post("/__test/api-delay", express.json({ limit: "1kb" }), (req, res) => {
    const ms = Number((req.body as { ms?: unknown } | undefined)?.ms);
    if (!Number.isInteger(ms) || ms < 0 || ms > MAX_DELAY_MS) {
      res.status(400).json({ error: `ms: a whole number from 0 to ${MAX_DELAY_MS}` });
      return;
    }
    delayMs = ms;
    res.json({ ms });
  });
  router.use("/api", (_req, _res, next) => {
    if (delayMs === 0) next();
    else setTimeout(next, delayMs);
  });
  return router;
}
