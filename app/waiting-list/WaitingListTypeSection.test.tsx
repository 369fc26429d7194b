import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { theme } from "#app/theme.ts";
import type { WaitingListEntryView, WaitingListTypeView } from "#contract/waiting-list.ts";
import { WaitingListTypeSection } from "./WaitingListTypeSection.tsx";

const entry = (id: string, extra: Partial<WaitingListEntryView>): WaitingListEntryView => ({
  id,
  position: null,
  name: `Fan ${id}`,
  quantity: 1,
  status: "waiting",
  joinedAt: "2026-12-01T10:00:00.000Z",
  offer: null,
  endedAt: null,
  ...extra,
});

const type = (extra: Partial<WaitingListTypeView>): WaitingListTypeView => ({
  ticketTypeId: "t1",
  name: "Seat",
  enabled: true,
  free: 0,
  perOrderLimit: 4,
  waiting: 2,
  offered: 1,
  entries: [
    entry("A", { position: 1 }),
    entry("B", { position: 2, quantity: 3 }),
    entry("C", {
      status: "offered",
      offer: {
        quantity: 1,
        offeredAt: "2026-12-01T11:00:00.000Z",
        expiresAt: "2026-12-01T23:00:00.000Z",
        byHand: false,
      },
    }),
  ],
  ...extra,
});

function render(view: WaitingListTypeView): string {
  const router = createMemoryRouter([
    { path: "/", element: <WaitingListTypeSection type={view} timeZone="Europe/London" /> },
  ]);
  return renderToString(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

const offerButtons = (html: string) =>
  html.match(/<button[^>]*>(?:(?!<\/button>).)*Offer now/g) ?? [];

describe("the organiser's list of one ticket type", () => {
  it("shows the entries in the line's order, the offer's end in the event's zone", () => {
    const html = render(type({}));
    expect(html.indexOf("Fan A")).toBeLessThan(html.indexOf("Fan B"));
    expect(html.indexOf("Fan B")).toBeLessThan(html.indexOf("Fan C"));
    expect(html).toContain("2 waiting · 1 offered · 0 free");
    expect(html).toContain("1 Dec 2026, 23:00");
  });

  it("offers by hand to waiting entries only, disabled with its reason when no ticket is free", () => {
    const html = render(type({}));
    const buttons = offerButtons(html);
    expect(buttons).toHaveLength(2);
    expect(buttons.every((button) => button.includes("disabled"))).toBe(true);
    expect(html).toContain("No tickets are free");
  });

  it("lets the organiser offer when tickets are free", () => {
    const html = render(type({ free: 2 }));
    const buttons = offerButtons(html);
    expect(buttons).toHaveLength(2);
    expect(buttons.some((button) => / disabled=""/.test(button))).toBe(false);
    expect(html).not.toContain("No tickets are free");
  });

  it("says so when nobody is on the type's list, and marks a closed list", () => {
    const html = render(type({ entries: [], waiting: 0, offered: 0, enabled: false }));
    expect(html).toContain("Nobody is on this type&#x27;s waiting list.");
    expect(html).toContain("List closed");
  });
});
