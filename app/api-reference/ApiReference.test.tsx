import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { theme } from "#app/theme.ts";
import type { ApiFunctionReference } from "#contract/api-keys.ts";
import type { WebhookTypeReference } from "#contract/webhooks.ts";
import { ApiReference, functionsByScope } from "./ApiReference.tsx";

const refunded: WebhookTypeReference = {
  type: "order.refunded",
  label: "Order refunded",
  hint: "Money went back to the buyer, in full or in part.",
  data: {
    type: "object",
    properties: {
      orderId: { type: "string", description: "The order's id (orders.get)." },
      amountMinor: { type: "integer", description: "Integer minor units (pence, cents)." },
    },
    required: ["orderId", "amountMinor"],
    additionalProperties: false,
  },
};

const listMine: ApiFunctionReference = {
  name: "events.listMine",
  scope: "events:read",
  write: false,
  summary: "Your business's events, newest first.",
  input: { type: "null" },
  output: {
    type: "object",
    properties: {
      events: {
        type: "array",
        items: {
          type: "object",
          properties: {
            id: { type: "string", format: "uuid" },
            status: { type: "string", enum: ["draft", "published", "cancelled"] },
          },
          required: ["id", "status"],
        },
      },
    },
    required: ["events"],
  },
};

const publish: ApiFunctionReference = {
  name: "events.publish",
  scope: "events:write",
  write: true,
  summary: "Puts a draft event on sale.",
  input: {
    type: "object",
    properties: { eventId: { type: "string", description: "The event's id." } },
    required: ["eventId"],
  },
  output: { type: "object", properties: { ok: { type: "boolean" } } },
};

const scan: ApiFunctionReference = {
  ...publish,
  name: "checkin.scan",
  scope: "checkin",
  summary: "Checks a ticket in by its QR code.",
};

function render(element: React.ReactElement): string {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToString(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

/** The page's text: React's `<!-- -->` between adjacent texts joins them; entities decoded. */
const text = (html: string) =>
  html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("the API reference page", () => {
  it("groups the functions by scope in the scopes' order, leaving out empty scopes", () => {
    expect(
      functionsByScope([scan, publish, listMine]).map((g) => [
        g.scope,
        g.functions.map((f) => f.name),
      ]),
    ).toEqual([
      ["events:read", ["events.listMine"]],
      ["events:write", ["events.publish"]],
      ["checkin", ["checkin.scan"]],
    ]);
  });

  it("explains how to call: the endpoint, the bearer key, the answers, HTTP codes and Idempotency-Key", () => {
    const page = text(render(<ApiReference functions={[]} webhooks={[]} />));
    expect(page).toContain("POST /api/fn/{name}");
    expect(page).toContain("Content-Type: application/json");
    expect(page).toContain("Authorization: Bearer tk_live_…");
    expect(page).toContain('{"data": {"eventId": "…"}}');
    for (const code of ["401", "403", "404", "409", "422", "429"]) expect(page).toContain(code);
    expect(page).toContain("Retry-After");
    expect(page).toContain("Idempotency-Key");
    expect(page).toContain("24 hours");
    expect(page).toContain("No functions are open to API keys yet.");
  });

  it("shows each function with its anchor, write badge, summary, input and answer as a tree", () => {
    const html = render(<ApiReference functions={[listMine, publish, scan]} webhooks={[]} />);
    const page = text(html);
    expect(html).toContain('id="events.publish"');
    expect(html).toContain('href="#events.publish"');
    expect(html).toContain('id="scope-events-write"');
    expect(html).toContain('href="#scope-checkin"');
    expect(page).toContain("Read events");
    expect(page).toContain("List your events and read one with its ticket types.");
    expect(page).toMatch(/events\.publish\s+write/);
    expect(page).toMatch(/events\.listMine\s+read/);
    expect(page).toContain("Puts a draft event on sale.");
    // The input: a required property with its description; the answer: a nested array.
    expect(page).toMatch(/eventId\s+required\s+string\s+The event's id\./);
    expect(page).toContain("Nothing: null");
    expect(page).toMatch(/events\s+required\s+array of object\s+Each item:/);
    expect(page).toMatch(/status\s+required\s+"draft" \| "published" \| "cancelled"/);
    expect(page).toMatch(/id\s+required\s+string\s+uuid/);
    expect(page).toMatch(/ok\s+optional\s+boolean/);
  });

  it("explains webhooks: the signed request, checking it, retries, and each kind of event's data", () => {
    const html = render(<ApiReference functions={[]} webhooks={[refunded]} />);
    const page = text(html);
    expect(html).toContain('href="#webhooks"');
    for (const header of ["webhook-id:", "webhook-timestamp:", "webhook-signature: v1,"]) {
      expect(page).toContain(header);
    }
    expect(page).toContain('import { Webhook } from "standardwebhooks";');
    expect(page).toContain("Answer with any 2xx within 15 seconds");
    expect(page).toContain("for 3 days after the event");
    expect(html).toContain('id="webhook-order.refunded"');
    expect(page).toContain("Order refunded.");
    expect(page).toMatch(/amountMinor\s+required\s+integer\s+Integer minor units/);
  });
});
