import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import Page from "#app/routes/business.events.$id.orders.$bookingId.tsx";
import { theme } from "#app/theme.ts";
import type { OrderView } from "#contract/order-view.ts";

const order: OrderView = {
  id: "b1",
  reference: "ABC-123",
  buyer: { name: "Ada Lovelace", phone: "+447700900001", email: "ada@example.com" },
  ticketCount: 2,
  totalMinor: 3000,
  refundedMinor: 0,
  currency: "EUR",
  state: "pay-at-venue",
  createdAt: "2026-11-01T10:00:00.000Z",
  eventId: "e1",
  eventTitle: "Jazz night",
  timeZone: "Europe/London",
  status: "confirmed",
  paymentStatus: "unpaid",
  paymentProvider: "venue",
  cardLast4: null,
  feesMinor: 0,
  taxMinor: 0,
  cancelledAt: null,
  code: null,
  answers: [
    { label: "Company", kind: "text", value: "Acme", ticketId: null },
    { label: "Agree to terms", kind: "checkbox", value: "yes", ticketId: null },
    { label: "T-shirt size", kind: "choice", value: "M", ticketId: "t1" },
    { label: "Date of birth", kind: "date", value: "1990-12-10", ticketId: "t1" },
    { label: "T-shirt size", kind: "choice", value: "L", ticketId: "t2" },
  ],
  lines: [{ name: "Standing", quantity: 2, unitPriceMinor: 1500, discountMinor: 0 }],
  tickets: [
    {
      id: "t1",
      typeName: "Standing",
      attendeeName: "Nora Walker",
      holderName: null,
      status: "valid",
      checkedInAt: null,
    },
    {
      id: "t2",
      typeName: "Standing",
      attendeeName: "Ivan Ivanov",
      holderName: null,
      status: "valid",
      checkedInAt: null,
    },
  ],
  refunds: [],
  invoices: [],
  history: [],
};

/** The organiser's order page, as its loader's data renders. */
function render(view: OrderView): string {
  const router = createMemoryRouter(
    [{ id: "order", path: "/", element: <Page />, loader: () => ({ order: view }) }],
    { hydrationData: { loaderData: { order: { order: view } } } },
  );
  return renderToString(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

/** The page's text: inline spans joined to their words, blocks apart. */
const text = (html: string) =>
  html
    .replace(/<\/?span[^>]*>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe("the organiser's order", () => {
  it("shows the order's answers under the buyer and each ticket's under that ticket", () => {
    const html = render(order);
    expect(html).toContain('aria-label="The order&#x27;s answers"');
    const shown = text(html);
    const at = (s: string) => {
      const index = shown.indexOf(s);
      expect(index, s).toBeGreaterThan(-1);
      return index;
    };
    // The order's, between the buyer and the tickets; a ticked box as Yes.
    expect(at("Ada Lovelace")).toBeLessThan(at("Company: Acme"));
    expect(at("Agree to terms: Yes")).toBeLessThan(at("Tickets"));
    // Each ticket's under its attendee, not the other's.
    expect(at("Nora Walker")).toBeLessThan(at("T-shirt size: M"));
    expect(at("Date of birth: 1990-12-10")).toBeLessThan(at("Ivan Ivanov"));
    expect(at("Ivan Ivanov")).toBeLessThan(at("T-shirt size: L"));
    expect(shown.match(/Company: Acme/g)).toHaveLength(1);
  });

  it("shows no answers for an order without any", () => {
    const html = render({ ...order, answers: [] });
    expect(html).not.toContain("answers");
    expect(html).not.toContain("Answers of");
  });
});
