import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { theme } from "#app/theme.ts";
import type { EventCodesView, EventCodeView } from "#contract/event-codes.ts";
import { CodeCard } from "./CodeCard.tsx";
import { CodeForm } from "./CodeForm.tsx";
import { blankCode } from "./code-form-input.ts";

const code: EventCodeView = {
  id: "c1",
  code: "EARLY20",
  discount: { kind: "percent", percent: 20 },
  maxUses: 100,
  maxPerPerson: null,
  validFrom: null,
  validUntil: "2026-12-05T17:00:00.000Z",
  ticketTypeIds: ["t1", "t2"],
  uses: 3,
  link: "/jazz-night-ABC123?code=EARLY20",
  createdAt: "2026-11-01T00:00:00.000Z",
};

const event: EventCodesView = {
  eventId: "e1",
  shortId: "ABC123",
  title: "Jazz night",
  timeZone: "Europe/London",
  currency: "EUR",
  ticketTypes: [
    { id: "t1", name: "Standard", hidden: false, priceMinor: 2500 },
    { id: "t2", name: "Press", hidden: true, priceMinor: 0 },
  ],
  codes: [code],
};

function render(element: React.ReactElement): string {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToString(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("the organiser's codes", () => {
  it("lists a code: what it does, its types (hidden marked), uses, window and link", () => {
    const html = text(render(<CodeCard code={code} event={event} />));
    expect(html).toContain("EARLY20");
    expect(html).toContain("20 % off");
    expect(html).toContain("Standard, Press (hidden)");
    expect(html).toContain("3 of 100 used");
    expect(html).toContain("Until Sat, 5 Dec 2026, 17:00");
    expect(html).toContain("Copy link");
    expect(html).toContain("/jazz-night-ABC123?code=EARLY20");
    expect(html).toContain("Remove EARLY20");
  });

  it("edits it in a form that starts from what is saved", () => {
    const html = render(<CodeCard code={code} event={event} />);
    expect(html).toMatch(/name="id" value="c1"/);
    expect(html).toMatch(
      /name="promoCode"[^>]*value="EARLY20"|value="EARLY20"[^>]*name="promoCode"/,
    );
    expect(html).toMatch(/value="t2"[^>]*checked|checked[^>]*value="t2"/);
  });

  it("offers every type as a checkbox, the hidden ones marked, and the three kinds of discount", () => {
    const html = render(
      <CodeForm
        start={blankCode}
        idPrefix="new"
        submitLabel="Add code"
        timeZone="Europe/London"
        currency="EUR"
        ticketTypes={event.ticketTypes}
      />,
    );
    expect(text(html)).toContain("Press (hidden)");
    for (const kind of ["percent", "fixed", "none"]) {
      expect(html).toMatch(
        new RegExp(`type="radio"[^>]*value="${kind}"|value="${kind}"[^>]*type="radio"`),
      );
    }
    expect(html).toMatch(
      /type="datetime-local"[^>]*name="validFromLocal"|name="validFromLocal"[^>]*type="datetime-local"/,
    );
    expect(html).not.toMatch(/name="id"/);
  });
});
