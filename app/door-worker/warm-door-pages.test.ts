import { describe, expect, it } from "vitest";
import type { KeptCopies } from "./network-first.ts";
import { WARM_COPY_FRESH_MS, warmDoorPages } from "./warm-door-pages.ts";

const origin = "https://tickets.example";
const now = Date.parse("2026-06-01T20:00:00Z");

function setUp(kept: Record<string, Date> = {}) {
  const store = new Map<string, Response>(
    Object.entries(kept).map(([path, date]) => [
      `${origin}${path}`,
      new Response("kept", { headers: { date: date.toUTCString() } }),
    ]),
  );
  const cache: KeptCopies = {
    match: async (key) => store.get(key),
    put: async (key, response) => {
      store.set(key, response);
    },
  };
  const fetched: string[] = [];
  const fetch = async (url: string) => {
    fetched.push(url.slice(origin.length));
    return url.includes("ticket_info?") ? new Response("", { status: 404 }) : new Response("new");
  };
  return { cache, fetch, fetched, store };
}

describe("warming an event's door pages", () => {
  it("fetches the three door pages, the start page and their data, and keeps the 200s", async () => {
    const { cache, fetch, fetched, store } = setUp();
    await warmDoorPages({ eventId: "e1", origin, cache, fetch, now });
    expect(fetched.sort()).toEqual(
      [
        "/team_coordinator/check_in/e1",
        "/team_coordinator/check_in/e1.data",
        "/team_coordinator/check_in/scanner/e1",
        "/team_coordinator/check_in/scanner/e1.data",
        "/team_coordinator/check_in/ticket_info?event=e1",
        "/team_coordinator/check_in/ticket_info.data?event=e1",
        "/team_coordinator/check_in/ticket_info",
        "/team_coordinator/check_in/ticket_info.data",
      ].sort(),
    );
    expect(store.has(`${origin}/team_coordinator/check_in/ticket_info?event=e1`)).toBe(false);
    expect(store.has(`${origin}/team_coordinator/check_in/e1`)).toBe(true);
  });

  it("skips copies kept within the last 10 minutes, fetches older ones again", async () => {
    const { cache, fetch, fetched } = setUp({
      "/team_coordinator/check_in/e1": new Date(now - 60_000),
      "/team_coordinator/check_in/e1.data": new Date(now - WARM_COPY_FRESH_MS - 1_000),
    });
    await warmDoorPages({ eventId: "e1", origin, cache, fetch, now });
    expect(fetched).not.toContain("/team_coordinator/check_in/e1");
    expect(fetched).toContain("/team_coordinator/check_in/e1.data");
  });

  it("keeps what it had when the network fails", async () => {
    const { cache, store } = setUp({ "/team_coordinator/check_in/e1": new Date(0) });
    await warmDoorPages({
      eventId: "e1",
      origin,
      cache,
      fetch: () => Promise.reject(new TypeError("offline")),
      now,
    });
    expect(await store.get(`${origin}/team_coordinator/check_in/e1`)?.text()).toBe("kept");
  });
});
