import { describe, expect, it } from "vitest";
import type { WebhookDeliveryView, WebhookEndpointView } from "#contract/webhooks.ts";
import {
  attemptsText,
  endpointCountText,
  endpointStateText,
  failingText,
  lastAnswerText,
  prettyBody,
  timeText,
} from "./webhook-text.ts";

const endpoint: WebhookEndpointView = {
  id: "e1",
  url: "https://example.com/in",
  description: "",
  events: ["order.paid"],
  enabled: true,
  disabledReason: null,
  createdAt: "2026-11-02T10:00:00.000Z",
  failingSince: null,
};
const delivery: WebhookDeliveryView = {
  id: "d1",
  eventId: "msg_1",
  type: "order.paid",
  status: "pending",
  attempts: 0,
  lastStatusCode: null,
  lastError: null,
  createdAt: "2026-11-27T14:05:00.000Z",
  lastAttemptAt: null,
  nextAttemptAt: "2026-11-27T14:05:00.000Z",
  body: '{"type":"order.paid","data":{"orderId":"o1"}}',
};

describe("the webhooks' texts", () => {
  it("names an instant in UTC, and counts the endpoints", () => {
    expect(timeText("2026-11-27T14:05:09.000Z")).toBe("27 Nov 2026, 14:05 UTC");
    expect(endpointCountText(2, 10)).toBe("2 of 10 endpoints");
  });

  it("says whether an endpoint is on, off, or switched off by us and why, and since when it fails", () => {
    expect(endpointStateText(endpoint)).toBe("On");
    expect(endpointStateText({ ...endpoint, enabled: false })).toBe("Off");
    expect(
      endpointStateText({ ...endpoint, enabled: false, disabledReason: "It failed for 3 days." }),
    ).toBe("Switched off: It failed for 3 days.");
    expect(failingText(endpoint)).toBeNull();
    expect(failingText({ ...endpoint, failingSince: "2026-11-26T08:00:00.000Z" })).toBe(
      "Failing since 26 Nov 2026, 08:00 UTC",
    );
  });

  it("says what the endpoint last answered", () => {
    expect(lastAnswerText(delivery)).toBe("Not tried yet");
    expect(lastAnswerText({ ...delivery, attempts: 2, lastStatusCode: 503 })).toBe("HTTP 503");
    expect(lastAnswerText({ ...delivery, attempts: 1, lastError: "Timed out after 15 s" })).toBe(
      "No answer: Timed out after 15 s",
    );
    expect(lastAnswerText({ ...delivery, attempts: 1 })).toBe("No answer");
    expect([attemptsText(1), attemptsText(3)]).toEqual(["1 attempt", "3 attempts"]);
  });

  it("indents a JSON body, and keeps any other as it is", () => {
    expect(prettyBody('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyBody("not json")).toBe("not json");
  });
});
