import { describe, expect, it } from "vitest";
import type { UpcomingTicket } from "#contract/upcoming-ticket.ts";
import { ticketSlots } from "./booking-form-fields.ts";
import { paymentLabel } from "./booking-labels.ts";
import { groupTicketsByEvent } from "./group-tickets.ts";
import { feeAndTaxLines } from "./LineItems.tsx";
import { formatClock, minutesLeftText, showsDeadline } from "./use-seconds-left.ts";

describe("the countdown's words", () => {
  it("shows minutes and zero-padded seconds", () => {
    expect(formatClock(581)).toBe("9:41");
    expect(formatClock(60)).toBe("1:00");
    expect(formatClock(5)).toBe("0:05");
  });

  it("tells screen readers whole minutes only", () => {
    expect(minutesLeftText(581)).toBe("9 minutes left to confirm.");
    expect(minutesLeftText(119)).toBe("1 minute left to confirm.");
    expect(minutesLeftText(59)).toBe("Less than a minute left to confirm.");
  });

  it("shows a hold of more than an hour (a waiting list's offer) by its end, not a count", () => {
    expect(showsDeadline(12 * 3600)).toBe(true);
    expect(showsDeadline(3601)).toBe(true);
    expect(showsDeadline(3600)).toBe(false);
    expect(showsDeadline(600)).toBe(false);
  });
});

describe("ticketSlots", () => {
  it("asks one name per ticket, in the hold's order", () => {
    expect(
      ticketSlots([
        { name: "Adult", quantity: 2 },
        { name: "Child", quantity: 1 },
      ]),
    ).toEqual(["Adult", "Adult", "Child"]);
  });
});

describe("groupTicketsByEvent", () => {
  const event = (id: string) => ({
    id,
    shortId: id,
    title: `Event ${id}`,
    startsAt: "2026-12-01T19:00:00.000Z",
    endsAt: "2026-12-01T22:00:00.000Z",
    timeZone: "Europe/London",
    venueName: "Hall",
    status: "published" as const,
  });
  const ticket = (id: string, eventId: string): UpcomingTicket => ({
    id,
    status: "valid",
    attendeeName: id,
    ticketTypeName: "Entry",
    bookingReference: "K7QM-3TPX",
    event: event(eventId),
  });

  it("keeps the soonest-first order of events and of tickets within each", () => {
    const groups = groupTicketsByEvent([ticket("1", "a"), ticket("2", "b"), ticket("3", "a")]);
    expect(groups.map((g) => [g.event.id, g.tickets.map((t) => t.id)])).toEqual([
      ["a", ["1", "3"]],
      ["b", ["2"]],
    ]);
  });
});

describe("a booking's payment line", () => {
  it("says a card payment was by card, and the venue's as before", () => {
    expect(paymentLabel({ paymentStatus: "paid", paymentProvider: "stripe" })).toBe("Paid by card");
    expect(paymentLabel({ paymentStatus: "disputed", paymentProvider: "stripe" })).toBe(
      "Paid by card, disputed with the bank",
    );
    expect(paymentLabel({ paymentStatus: "unpaid", paymentProvider: "venue" })).toBe(
      "To pay at the venue",
    );
  });

  it("lists the booking fee and added tax only when there are any", () => {
    expect(feeAndTaxLines({ feesMinor: 80, taxMinor: 0 })).toEqual([
      { label: "Booking fee", totalMinor: 80 },
    ]);
    expect(feeAndTaxLines({ feesMinor: 0, taxMinor: 0 })).toEqual([]);
  });
});
