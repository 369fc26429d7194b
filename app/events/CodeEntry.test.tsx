import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { CodeCheckAnswer } from "#contract/event-codes.ts";
import type { PublicTicketType } from "#contract/event-page.ts";
import { CodeEntry } from "./CodeEntry.tsx";
import { bookingPathWithCode, ticketsWithCode } from "./code-tickets.ts";
import { TicketTypeList } from "./TicketTypeList.tsx";

const ticket = (id: string, name: string, allIn: number): PublicTicketType => ({
  id,
  name,
  description: "",
  priceMinor: allIn,
  allInPriceMinor: allIn,
  feeMinor: 0,
  paymentMethod: "venue",
  currency: "EUR",
  remaining: 50,
  availability: "available",
  waitingList: false,
  perOrderLimit: 10,
  onSale: true,
  notOnSaleReason: null,
  salesStartAt: null,
  salesEndAt: null,
});

const answer: CodeCheckAnswer = {
  code: "EARLY20",
  discount: { kind: "percent", percent: 20 },
  summary: "20 % off Standard; unlocks Press",
  prices: [
    { ticketTypeId: "t1", discountMinor: 500, priceMinor: 2000, allInPriceMinor: 2000 },
    { ticketTypeId: "t2", discountMinor: 0, priceMinor: 0, allInPriceMinor: 0 },
  ],
  hiddenTypes: [ticket("t2", "Press", 0)],
};

const render = (element: React.ReactElement) =>
  renderToString(<RouterProvider router={createMemoryRouter([{ path: "/", element }])} />);
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
const noop = () => {};

describe("a code on the event page", () => {
  it("offers a small disclosure with the field and Apply until one is applied", () => {
    const html = render(<CodeEntry state={{ status: "none" }} onApply={noop} onRemove={noop} />);
    expect(text(html)).toContain("Have a code?");
    expect(html).toMatch(/<details(?![^>]*open)/);
    expect(html).toMatch(/name="code"/);
    expect(text(html)).toContain("Apply");
  });

  it("says why a code was refused under its field, the disclosure left open", () => {
    const html = render(
      <CodeEntry
        state={{ status: "refused", code: "OLD", message: "This code has expired." }}
        onApply={noop}
        onRemove={noop}
      />,
    );
    expect(html).toMatch(/<details[^>]*open/);
    expect(html).toMatch(/aria-invalid="true"/);
    expect(text(html)).toContain("This code has expired.");
    expect(html).toMatch(/value="OLD"/);
  });

  it("names the applied code and what it does, with a way to remove it", () => {
    const html = text(
      render(<CodeEntry state={{ status: "applied", answer }} onApply={noop} onRemove={noop} />),
    );
    expect(html).toContain("Code EARLY20: 20 % off Standard; unlocks Press");
    expect(html).toContain("Remove");
  });

  it("adds the hidden types it unlocks and shows the price before and after it", () => {
    const { tickets, code } = ticketsWithCode([ticket("t1", "Standard", 2500)], answer);
    expect(tickets.map((t) => t.name)).toEqual(["Standard", "Press"]);
    const html = text(
      render(
        <TicketTypeList
          tickets={tickets}
          code={code}
          timeZone="UTC"
          tax={{ rateBp: 0, inclusive: true }}
        />,
      ),
    );
    expect(html).toMatch(/Standard .*Without the code €25\.00 €20\.00 With EARLY20/);
    expect(html).toMatch(/Press .*Free With EARLY20/);
    expect(html).not.toMatch(/Press .*Without the code/);
  });

  it("carries the applied code to the booking page", () => {
    expect(bookingPathWithCode("ABC123", "EARLY20")).toBe("/booking/ABC123?code=EARLY20");
    expect(bookingPathWithCode("ABC123", null)).toBe("/booking/ABC123");
  });

  it("leaves the list as it was without a code", () => {
    const plain = [ticket("t1", "Standard", 2500)];
    expect(ticketsWithCode(plain, null)).toEqual({ tickets: plain, code: undefined });
  });
});
