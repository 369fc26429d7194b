import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, newPage, waitForHydration } from "./browser.ts";
import { callFunction, signInAs } from "./session.ts";

const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

type Listening = { received: unknown[]; lastId: string; source: EventSource };

/** Opens an EventSource in the page, keeping what it receives and the last event id. */
function listen(page: Page, query = ""): Promise<void> {
  return page.evaluate((q) => {
    const w = window as unknown as Listening;
    w.received ??= [];
    w.source = new EventSource(`/api/stream${q}`);
    w.source.onmessage = (event) => {
      w.received.push(JSON.parse(event.data).payload);
      w.lastId = event.lastEventId;
    };
    return new Promise<void>((resolve) => {
      w.source.onopen = () => resolve();
    });
  }, query);
}

const received = (page: Page) => page.evaluate(() => (window as unknown as Listening).received);

describe("the live stream in the browser", () => {
  it("delivers a message to a signed-in page's EventSource, and replays after a reconnect", async () => {
    const page = await newPage(browser, { mobile: true });
    const { userId } = await signInAs(page, baseURL, { name: "Live Listener" });
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    // The page's own content security policy must let the stream through.
    await listen(page);
    await callFunction(baseURL, "test.publish", { kind: "ping", payload: "first" }, userId);
    await page.waitForFunction(() => (window as unknown as Listening).received.length === 1);

    // Cut off (a tunnel, a flaky network): reconnecting with the last id gets what was
    // published meanwhile, once.
    const lastId = await page.evaluate(() => {
      const w = window as unknown as Listening;
      w.source.close();
      return w.lastId;
    });
    await callFunction(baseURL, "test.publish", { kind: "ping", payload: "second" }, userId);
    await listen(page, `?lastEventId=${lastId}`);
    await page.waitForFunction(() => (window as unknown as Listening).received.length === 2);
    await callFunction(baseURL, "test.publish", { kind: "ping", payload: "third" }, userId);
    await page.waitForFunction(() => (window as unknown as Listening).received.length === 3);
    expect(await received(page)).toEqual(["first", "second", "third"]);
    await page.close();
  });
});
