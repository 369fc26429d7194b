import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** A stand-in for the browser's EventSource: records the URLs opened, lets a test drive it. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((event: { data: string; lastEventId: string }) => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The browser gives the stream up for good (an answer that is not a stream). */
  failForGood() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
  hear(id: string, kind: string) {
    this.onmessage?.({ data: JSON.stringify({ kind, topic: "t", payload: id }), lastEventId: id });
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the page's live stream", () => {
  it("opened again after it ended for good, asks for what came after the last message heard", async () => {
    const { onLiveMessage } = await import("./live-stream.ts");
    const heard: unknown[] = [];
    const stop = onLiveMessage("alert", (message) => heard.push(message.payload));
    const first = FakeEventSource.opened[0];
    expect(first?.url).toBe("/api/stream");
    first?.hear("41", "alert");
    first?.hear("42", "alert");
    first?.failForGood();
    await vi.advanceTimersByTimeAsync(6_000);
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual([
      "/api/stream",
      "/api/stream?lastEventId=42",
    ]);
    expect(heard).toEqual(["41", "42"]);
    stop();
  });

  it("starts afresh once nobody listened in between", async () => {
    const { onLiveMessage } = await import("./live-stream.ts");
    const stop = onLiveMessage("alert", () => {});
    FakeEventSource.opened[0]?.hear("7", "alert");
    stop();
    onLiveMessage("alert", () => {})();
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual(["/api/stream", "/api/stream"]);
  });
});
