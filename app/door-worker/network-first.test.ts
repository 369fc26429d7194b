import { describe, expect, it, vi } from "vitest";
import { type KeptCopies, networkFirst } from "./network-first.ts";

/** A cache in memory, keyed by URL. */
function memoryCache(entries: Record<string, string> = {}) {
  const kept = new Map(Object.entries(entries).map(([key, body]) => [key, new Response(body)]));
  const cache: KeptCopies = {
    match: async (key) => kept.get(key)?.clone(),
    put: async (key, response) => {
      kept.set(key, response);
    },
  };
  return { cache, kept };
}

const url = "https://tickets.example/team_coordinator/check_in/e1";

async function run(
  fetch: () => Promise<Response>,
  entries: Record<string, string> = {},
  fallbacks = [url],
) {
  const { cache, kept } = memoryCache(entries);
  const pending: Promise<unknown>[] = [];
  const answer = await networkFirst({
    request: new Request(url),
    keepAs: url,
    fallbacks,
    cache,
    fetch,
    waitUntil: (promise) => pending.push(promise),
    timeoutMs: 20,
  });
  await Promise.all(pending);
  return { answer, kept };
}

const never = () => new Promise<Response>(() => {});

describe("network first for door pages", () => {
  it("answers the server's page and keeps a copy of it", async () => {
    const { answer, kept } = await run(async () => new Response("fresh"), { [url]: "old" });
    expect(await answer?.text()).toBe("fresh");
    expect(await kept.get(url)?.text()).toBe("fresh");
  });

  it("keeps no copy of an error or of a redirected answer", async () => {
    const { kept } = await run(async () => new Response("gone", { status: 404 }));
    expect(kept.has(url)).toBe(false);
    const redirected = new Response("sign in");
    Object.defineProperty(redirected, "redirected", { value: true });
    expect((await run(async () => redirected)).kept.has(url)).toBe(false);
  });

  it("answers the kept copy when the network fails, is too slow, or the gateway fails", async () => {
    const failing = await run(() => Promise.reject(new TypeError("offline")), { [url]: "kept" });
    expect(await failing.answer?.text()).toBe("kept");
    const slow = await run(never, { [url]: "kept" });
    expect(await slow.answer?.text()).toBe("kept");
    const gateway = await run(async () => new Response("", { status: 503 }), { [url]: "kept" });
    expect(await gateway.answer?.text()).toBe("kept");
  });

  it("falls back along the keys in order", async () => {
    const whole = `${url}.data`;
    const { answer } = await run(
      () => Promise.reject(new TypeError("offline")),
      { [whole]: "all" },
      [`${url}.data?_routes=x`, whole],
    );
    expect(await answer?.text()).toBe("all");
  });

  it("waits for a slow network past the timeout when nothing is kept", async () => {
    vi.useFakeTimers();
    try {
      let answerLate: (response: Response) => void = () => {};
      const late = new Promise<Response>((resolve) => {
        answerLate = resolve;
      });
      let settled = false;
      const waiting = run(() => late).finally(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(100);
      expect(settled).toBe(false);
      answerLate(new Response("late"));
      expect(await (await waiting).answer?.text()).toBe("late");
    } finally {
      vi.useRealTimers();
    }
  });

  it("says null when the network fails and nothing is kept", async () => {
    const { answer } = await run(() => Promise.reject(new TypeError("offline")));
    expect(answer).toBeNull();
  });

  it("passes a gateway failure through when nothing is kept", async () => {
    const { answer } = await run(async () => new Response("", { status: 502 }));
    expect(answer?.status).toBe(502);
  });
});
