import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { theme } from "#app/theme.ts";
import type { WebhookDeliveryView, WebhookEndpointView } from "#contract/webhooks.ts";
import { NewWebhookForm } from "./NewWebhookForm.tsx";
import { WebhookDeliveryItem } from "./WebhookDeliveryItem.tsx";
import { WebhookDeliveryLog } from "./WebhookDeliveryLog.tsx";
import { WebhookEndpointCard } from "./WebhookEndpointCard.tsx";
import { WebhookSecretPanel } from "./WebhookSecretPanel.tsx";
import { WebhookEventsForm, WebhookSwitch } from "./WebhookSettings.tsx";

const endpoint: WebhookEndpointView = {
  id: "e1",
  url: "https://crm.example.com/webhooks",
  description: "CRM",
  events: ["order.paid", "ticket.checked_in"],
  enabled: true,
  disabledReason: null,
  createdAt: "2026-11-02T10:00:00.000Z",
  failingSince: null,
};
const delivery: WebhookDeliveryView = {
  id: "d1",
  eventId: "msg_abc",
  type: "order.paid",
  status: "pending",
  attempts: 2,
  lastStatusCode: 503,
  lastError: null,
  createdAt: "2026-11-27T14:05:00.000Z",
  lastAttemptAt: "2026-11-27T14:06:00.000Z",
  nextAttemptAt: "2026-11-27T14:16:00.000Z",
  body: '{"type":"order.paid","data":{"orderId":"o1"}}',
};

function render(element: React.ReactElement): string {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToString(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

const text = (html: string) =>
  html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");

describe("the console's webhooks", () => {
  it("shows an endpoint: its URL to its page, description, events as labels, and on", () => {
    const html = render(<WebhookEndpointCard endpoint={endpoint} />);
    expect(html).toContain('href="/business/webhooks/e1"');
    const page = text(html);
    expect(page).toContain("https://crm.example.com/webhooks");
    expect(page).toContain("CRM");
    expect(page).toContain("Order paid");
    expect(page).toContain("Ticket checked in");
    expect(page).not.toContain("Order created");
    expect(page).toContain("On");
    expect(page).not.toContain("Failing since");
  });

  it("says an endpoint we switched off, why, and since when it fails", () => {
    const page = text(
      render(
        <WebhookEndpointCard
          endpoint={{
            ...endpoint,
            enabled: false,
            disabledReason: "Every delivery failed for 3 days.",
            failingSince: "2026-11-24T09:00:00.000Z",
          }}
        />,
      ),
    );
    expect(page).toContain("Switched off: Every delivery failed for 3 days.");
    expect(page).toContain("Failing since 24 Nov 2026, 09:00 UTC");
  });

  it("offers every event as a checkbox with its label and hint, and the URL", () => {
    const html = render(<NewWebhookForm full={false} />);
    for (const type of [
      "order.created",
      "order.paid",
      "order.refunded",
      "ticket.assigned",
      "ticket.checked_in",
      "event.updated",
    ]) {
      expect(html).toMatch(
        new RegExp(`name="events"[^>]*value="${type}"|value="${type}"[^>]*name="events"`),
      );
    }
    const page = text(html);
    expect(page).toContain("Event changed");
    expect(page).toContain("A ticket was let in at the door.");
    expect(html).toMatch(/name="url"/);
    expect(page).toContain("Add endpoint");
    expect(page).not.toContain("as many endpoints");
    expect(text(render(<NewWebhookForm full={true} />))).toContain("as many endpoints");
  });

  it("shows a delivery: type, status, last answer, attempts, times, the body, Send again", () => {
    const page = text(render(<WebhookDeliveryItem delivery={delivery} />));
    expect(page).toContain("Order paid");
    expect(page).toContain("Pending");
    expect(page).toContain("HTTP 503 · 2 attempts");
    expect(page).toContain("Queued 27 Nov 2026, 14:05 UTC · last tried 27 Nov 2026, 14:06 UTC");
    expect(page).toContain("Next attempt 27 Nov 2026, 14:16 UTC");
    expect(page).toContain('"orderId": "o1"');
    expect(page).toContain("Send again");
    const failed = text(
      render(
        <WebhookDeliveryItem
          delivery={{
            ...delivery,
            type: "webhook.test",
            status: "failed",
            lastStatusCode: null,
            lastError: "Connection refused",
            nextAttemptAt: null,
          }}
        />,
      ),
    );
    expect(failed).toContain("Test");
    expect(failed).toContain("Failed");
    expect(failed).toContain("No answer: Connection refused");
    expect(failed).not.toContain("Next attempt");
  });

  it("shows an empty log, and Load more only when there is more", () => {
    const empty = { deliveries: { items: [], nextCursor: null }, cursor: null };
    const none = text(render(<WebhookDeliveryLog endpointId="e1" enabled={true} loaded={empty} />));
    expect(none).toContain("Nothing sent yet.");
    expect(none).toContain("Send a test");
    expect(none).not.toContain("Load more");
    const more = render(
      <WebhookDeliveryLog
        endpointId="e1"
        enabled={false}
        loaded={{ deliveries: { items: [delivery], nextCursor: "abc" }, cursor: null }}
      />,
    );
    expect(more).toContain('href="/business/webhooks/e1?cursor=abc"');
    expect(text(more)).toContain("Switch the endpoint on to send a test.");
  });

  it("hides the secret until Reveal, and names the Standard Webhooks headers", () => {
    const page = text(render(<WebhookSecretPanel />));
    expect(page).toContain("Reveal");
    expect(page).not.toMatch(/whsec_[A-Za-z0-9+/]{8}/);
    for (const header of ["webhook-id", "webhook-timestamp", "webhook-signature"]) {
      expect(page).toContain(header);
    }
  });

  it("ticks the events the endpoint wants, and only those, on its edit form", () => {
    const html = render(<WebhookEventsForm endpoint={endpoint} />);
    const checkbox = (type: string) =>
      html.match(new RegExp(`<input[^>]*value="${type}"[^>]*>`))?.[0] ?? "";
    expect(checkbox("order.paid")).toMatch(/checked=""/);
    expect(checkbox("ticket.checked_in")).toMatch(/checked=""/);
    expect(checkbox("order.created")).toMatch(/name="events"/);
    expect(checkbox("order.created")).not.toMatch(/checked=""/);
  });

  it("offers to switch off an endpoint that is on, and on one that is off", () => {
    expect(text(render(<WebhookSwitch endpoint={endpoint} />))).toContain("Switch off");
    expect(text(render(<WebhookSwitch endpoint={{ ...endpoint, enabled: false }} />))).toContain(
      "Switch on",
    );
  });
});
