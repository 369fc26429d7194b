import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { theme } from "#app/theme.ts";
import type { UpcomingTicket } from "#contract/upcoming-ticket.ts";
import { groupTicketsByEvent } from "./group-tickets.ts";
import { UpcomingTickets } from "./UpcomingTickets.tsx";

const event = {
  id: "e1",
  shortId: "abcdefgh",
  title: "Night of Tests",
  startsAt: "2026-12-01T19:00:00.000Z",
  endsAt: "2026-12-01T22:00:00.000Z",
  timeZone: "Europe/London",
  venueName: "Hall",
  status: "published" as const,
};
const ticket = (id: string, status: UpcomingTicket["status"]): UpcomingTicket => ({
  id,
  status,
  attendeeName: `Guest ${id}`,
  ticketTypeName: "Standing",
  bookingReference: "K7QM-3TPX",
  event,
});

function render(tickets: UpcomingTicket[]): string {
  const router = createMemoryRouter([
    { path: "/", element: <UpcomingTickets groups={groupTicketsByEvent(tickets)} /> },
  ]);
  return renderToString(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe("the upcoming tickets list", () => {
  it("marks a ticket used at the door as checked in, and only that one", () => {
    const html = render([ticket("1", "checked-in"), ticket("2", "valid")]);
    expect(html.match(/Checked in/g)).toHaveLength(1);
    expect(html.indexOf("Guest 1")).toBeLessThan(html.indexOf("Checked in"));
    expect(html.indexOf("Checked in")).toBeLessThan(html.indexOf("Guest 2"));
  });
});
