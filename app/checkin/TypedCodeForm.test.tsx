import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { OfflineDoor } from "#app/door-offline/use-offline-door.ts";
import { theme } from "#app/theme.ts";
import type { DoorVerdict } from "#contract/door-verdict.ts";
import { TypedCodeForm } from "./TypedCodeForm.tsx";

const admitted: DoorVerdict = {
  verdict: "admitted",
  message: "Admitted.",
  ticket: {
    id: "t1",
    attendeeName: "Nora Walker",
    ticketTypeName: "Standing",
    answers: [
      { label: "Company", kind: "text", value: "Acme", ticketId: null },
      { label: "Dietary needs", kind: "text", value: "Vegan", ticketId: "t1" },
      { label: "Photo consent", kind: "checkbox", value: "yes", ticketId: "t1" },
    ],
  },
  event: { id: "e1", title: "Night of Tests" },
  checkIn: {
    id: "c1",
    at: "2026-07-10T19:32:00.000Z",
    time: "20:32",
    staffName: "Stan Staff",
    deviceId: "typed",
  },
};

/** The typed-code page's answer to a posted code (the way without JavaScript). */
function render(verdict: DoorVerdict): string {
  const element = (
    <TypedCodeForm
      eventId="e1"
      door={{} as OfflineDoor}
      scanId="s1"
      serverAnswer={{ verdict, error: null }}
      posting={false}
    />
  );
  const router = createMemoryRouter([{ path: "/", element }]);
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
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe("the door's ticket check", () => {
  it("lists the ticket's answers at checkout under the verdict, a ticked box as Yes", () => {
    const html = render(admitted);
    expect(html).toContain('aria-label="Answers of Nora Walker at checkout"');
    const shown = text(html);
    expect(shown).toContain("Company: Acme");
    expect(shown).toContain("Dietary needs: Vegan");
    expect(shown).toContain("Photo consent: Yes");
    expect(shown.indexOf("Admitted")).toBeLessThan(shown.indexOf("Company: Acme"));
  });

  it("shows no list for a ticket without answers", () => {
    const { answers: _, ...ticket } = admitted.ticket ?? {
      id: "",
      attendeeName: "",
      ticketTypeName: "",
    };
    const html = render({ ...admitted, ticket });
    expect(html).not.toContain("Answers of");
    expect(text(html)).toContain("Nora Walker · Standing");
  });
});
