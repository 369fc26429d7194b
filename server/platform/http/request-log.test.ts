import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { describe, expect, it } from "vitest";
import { createLogger } from "#server/platform/runtime/logger.ts";
import { noteRequestUser, requestLogger } from "./request-log.ts";

/** An app with the request logger at `level`, one route that names its user, and its lines. */
async function serve(level: string) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      callback();
    },
  });
  const app = express();
  app.use(requestLogger(createLogger(level, stream)));
  app.get("/events", (req, res) => {
    noteRequestUser(res, { userId: "user-1" });
    req.log.info("handler line");
    res.setHeader("Set-Cookie", "refresh_token=REFRESH-SECRET");
    res.json({ ok: true });
  });
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const get = async (path: string) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      headers: { cookie: "css_tk=SESSION-SECRET", "x-request-id": "request-12345678" },
    });
    await response.text();
    // The line is written when the response finishes, just after the client has it.
    await new Promise((resolve) => setTimeout(resolve, 20));
  };
  return { lines, get, close: () => server.close() };
}

describe("request log", () => {
  it("writes one compact line per request: method, path, status, time, request and user ids", async () => {
    const app = await serve("info");
    await app.get("/events?q=%2B33612345678");
    app.close();
    const requestLines = app.lines.filter((line) => JSON.parse(line).msg === "request");
    expect(requestLines).toHaveLength(1);
    const line = requestLines[0] ?? "";
    expect(JSON.parse(line)).toMatchObject({
      method: "GET",
      path: "/events",
      status: 200,
      reqId: "request-12345678",
      userId: "user-1",
    });
    expect(typeof JSON.parse(line).ms).toBe("number");
    expect(line.length).toBeLessThan(300);
    expect(line).not.toMatch(/headers|cookie|33612345678/i);
    // A handler's own line carries the request id, not the request.
    const handler = app.lines.find((l) => JSON.parse(l).msg === "handler line") ?? "";
    expect(JSON.parse(handler)).toMatchObject({ reqId: "request-12345678" });
    expect(handler).not.toContain("headers");
  });

  it("adds the headers at debug, with cookies redacted", async () => {
    const app = await serve("debug");
    await app.get("/events");
    app.close();
    const line = app.lines.find((l) => JSON.parse(l).msg === "request") ?? "";
    expect(JSON.parse(line).req.headers).toBeDefined();
    expect(JSON.parse(line).res.headers).toBeDefined();
    expect(line).not.toMatch(/SESSION-SECRET|REFRESH-SECRET/);
  });
});
