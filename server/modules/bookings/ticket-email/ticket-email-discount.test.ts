import { describe, expect, it } from "vitest";
import type { TicketEmailData } from "./ticket-email-data.ts";
import { ticketEmailHtml } from "./ticket-email-html.ts";
import { ticketEmailText } from "./ticket-email-text.ts";

const data = (discount: TicketEmailData["discount"]): TicketEmailData => ({
  businessName: "Hall",
  reference: "K7QM-3TPX",
  totalMinor: 4000,
  currency: "EUR",
  discount,
  bookingLink: "https://tickets.example/booking_refrence?reference=K7QM-3TPX",
  event: {
    shortId: "a1b2c3",
    title: "Jazz",
    description: "",
    startsAt: "2026-12-05T19:30:00.000Z",
    endsAt: "2026-12-05T22:30:00.000Z",
    timeZone: "Europe/Berlin",
    venueName: "Hall",
    venueAddress: "Street 1",
    status: "published",
    link: "https://tickets.example/jazz-a1b2c3",
  },
  tickets: [],
});

describe("the tickets email's summary", () => {
  it("names the code and what it took off before the total", () => {
    const text = ticketEmailText(data({ code: "EARLY20", amountMinor: 1000 }));
    expect(text).toContain("Code EARLY20: -€10.00\nTotal: €40.00");
    const html = ticketEmailHtml(data({ code: "EARLY20", amountMinor: 1000 }), () => "");
    expect(html).toContain("Code EARLY20");
    expect(html).toContain("-€10.00");
  });

  it("says nothing of a code when there was none", () => {
    expect(ticketEmailText(data(null))).not.toContain("Code");
    expect(ticketEmailHtml(data(null), () => "")).not.toContain("Code ");
  });
});
