import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { theme } from "#app/theme.ts";
import { type ConsoleTicketType, TicketTypeCard } from "./TicketTypeCard.tsx";

const type = (extra: Partial<ConsoleTicketType> = {}): ConsoleTicketType => ({
  id: "t1",
  name: "Press",
  description: "",
  priceMinor: 0,
  currency: "GBP",
  capacity: 20,
  taken: 0,
  perOrderLimit: 2,
  salesStartAt: null,
  salesEndAt: null,
  salesStartLocal: "",
  salesEndLocal: "",
  paymentMethod: "venue",
  hidden: false,
  ...extra,
});

function render(ticketType: ConsoleTicketType): string {
  const router = createMemoryRouter([
    {
      path: "/",
      element: (
        <TicketTypeCard type={ticketType} timeZone="Europe/London" editable cardsOff={null} />
      ),
    },
  ]);
  return renderToString(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

/** The Hidden box of the card's edit form (not the "off" field beside it). */
const hiddenBox = (html: string) =>
  (html.match(/<input [^>]*>/g) ?? []).find(
    (input) => input.includes('name="hidden"') && input.includes('type="checkbox"'),
  );

describe("the console's ticket type card", () => {
  it("badges a hidden type and ticks its Hidden box, with the hint", () => {
    const html = render(type({ hidden: true }));
    expect(html).toContain('data-testid="ticket-type-hidden"');
    expect(hiddenBox(html)).toMatch(/checked/);
    expect(html).toContain(
      "Shown and sold only with an access code that names it (guests, press, staff).",
    );
  });

  it("shows a public type without the badge, its box unticked", () => {
    const html = render(type());
    expect(html).not.toContain('data-testid="ticket-type-hidden"');
    expect(hiddenBox(html)).toBeDefined();
    expect(hiddenBox(html)).not.toMatch(/checked/);
  });
});
