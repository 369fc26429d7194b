import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { theme } from "#app/theme.ts";
import type { CheckoutQuote } from "#contract/checkout-view.ts";
import type { HoldView } from "#contract/hold-view.ts";
import { ConfirmForm } from "./ConfirmForm.tsx";

const hold: HoldView = {
  id: "00000000-0000-4000-8000-000000000001",
  eventId: "e1",
  status: "active",
  live: true,
  expiresAt: "2026-12-01T18:42:00.000Z",
  items: [
    {
      ticketTypeId: "t1",
      name: "Standard",
      quantity: 1,
      unitPriceMinor: 1200,
      discountMinor: 0,
      currency: "EUR",
    },
  ],
  ticketCount: 1,
  totalMinor: 1200,
  code: null,
  discountMinor: 0,
  currency: "EUR",
};

const cardQuote = (cardBlocked: string | null): CheckoutQuote => ({
  holdId: hold.id,
  method: "card",
  cardBlocked,
  currency: "EUR",
  lines: [],
  ticketsMinor: 1200,
  discountMinor: 0,
  feesMinor: 80,
  taxMinor: 0,
  includedTaxMinor: 0,
  totalMinor: 1280,
  checkout: null,
});

function render(quote: CheckoutQuote | null): string {
  const element = (
    <ConfirmForm
      hold={hold}
      quote={quote}
      questions={{ order: [], attendees: [] }}
      userName="Ada"
      accountEmail={null}
      failure={undefined}
      pending={false}
    />
  );
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToString(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe("the attendees form's button", () => {
  it("pays the quoted total by card", () => {
    const html = render(cardQuote(null));
    expect(html).toContain("Pay €12.80");
    expect(html).toContain('name="intent" value="pay"');
    expect(html).not.toContain("Confirm booking");
  });

  it("says why a card hold cannot be paid, instead of a button", () => {
    const html = render(cardQuote("The organiser cannot take card payments yet."));
    expect(html).toContain("The organiser cannot take card payments yet.");
    expect(html).toContain('role="alert"');
    expect(html).not.toMatch(/<button[^>]*type="submit"/);
  });

  it("confirms as before when nothing is paid by card", () => {
    const html = render(null);
    expect(html).toContain("Confirm booking");
    expect(html).toContain('name="intent" value="confirm"');
  });
});
