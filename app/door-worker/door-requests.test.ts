import { describe, expect, it } from "vitest";
import { staleDoorCaches } from "./door-caches.ts";
import { dataUrlOf, doorPageUrls } from "./door-pages.ts";
import { dataCacheKeys, doorRequestKind } from "./door-requests.ts";

const origin = "https://tickets.example";
const precached = new Set(["/assets/entry-abc.js", "/assets/zxing_reader-x.wasm", "/favicon.svg"]);
const kind = (url: string, options: { method?: string; mode?: string; accept?: string } = {}) =>
  doorRequestKind(
    {
      url: new URL(url, origin).href,
      method: options.method ?? "GET",
      mode: options.mode ?? "cors",
      accept: options.accept ?? null,
    },
    origin,
    precached,
  );

describe("what the door worker does with a request", () => {
  it("serves the build's files from the precache, the reader's .wasm included", () => {
    expect(kind("/assets/entry-abc.js")).toBe("precached");
    expect(kind("/assets/zxing_reader-x.wasm")).toBe("precached");
    expect(kind("/favicon.svg")).toBe("precached");
  });

  it("fetches door pages, their data and route discovery network first", () => {
    expect(kind("/team_coordinator/check_in/e1", { mode: "navigate" })).toBe("page");
    expect(kind("/team_coordinator/check_in/ticket_info?event=e1", { mode: "navigate" })).toBe(
      "page",
    );
    expect(kind("/team_coordinator/check_in/scanner/e1.data?_routes=x")).toBe("data");
    expect(kind("/__manifest?paths=%2Fa&version=1")).toBe("routes");
  });

  it("leaves the API, event streams, writes, other pages and other origins to the network", () => {
    expect(kind("/api/fn/checkin.scan", { method: "POST" })).toBe("network");
    expect(kind("/api/fn/checkin.stats")).toBe("network");
    expect(kind("/team_coordinator/check_in/e1", { method: "POST", mode: "navigate" })).toBe(
      "network",
    );
    expect(kind("/live", { accept: "text/event-stream" })).toBe("network");
    expect(kind("/events.data")).toBe("network");
    expect(kind("/", { mode: "navigate" })).toBe("network");
    expect(kind("https://elsewhere.example/assets/entry-abc.js")).toBe("network");
    expect(kind("/assets/not-of-this-build.js")).toBe("network");
  });
});

describe("door page URLs", () => {
  it("names the desk, the scanner and the typed-code page of an event, and their data", () => {
    const pages = doorPageUrls("e 1");
    expect(pages).toEqual([
      "/team_coordinator/check_in/e%201",
      "/team_coordinator/check_in/scanner/e%201",
      "/team_coordinator/check_in/ticket_info?event=e%201",
    ]);
    expect(pages.map(dataUrlOf)).toEqual([
      "/team_coordinator/check_in/e%201.data",
      "/team_coordinator/check_in/scanner/e%201.data",
      "/team_coordinator/check_in/ticket_info.data?event=e%201",
    ]);
  });

  it("falls back from a navigation's partial data to the whole answer kept by the warm-up", () => {
    const asked = `${origin}/team_coordinator/check_in/ticket_info.data?event=e1&_routes=routes%2Fa`;
    expect(dataCacheKeys(asked)).toEqual([
      asked,
      `${origin}/team_coordinator/check_in/ticket_info.data?event=e1`,
    ]);
    const whole = `${origin}/team_coordinator/check_in/e1.data`;
    expect(dataCacheKeys(whole)).toEqual([whole]);
  });
});

describe("the door worker's caches", () => {
  it("deletes the other builds' precache and pages, nothing that is not its own", () => {
    expect(
      staleDoorCaches(
        ["door-precache-a", "door-pages-a", "door-precache-b", "door-pages-b", "other", "door-x"],
        "b",
      ),
    ).toEqual(["door-precache-a", "door-pages-a"]);
  });
});
