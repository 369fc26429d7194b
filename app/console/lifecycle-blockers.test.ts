import { describe, expect, it } from "vitest";
import { publishBlockers, unpublishBlockers } from "./lifecycle-blockers.ts";

const now = Date.parse("2026-06-01T12:00:00Z");

describe("publishBlockers", () => {
  it("names a missing ticket type and a start in the past", () => {
    expect(publishBlockers({ startsAt: "2026-05-01T12:00:00Z", ticketTypeCount: 0 }, now)).toEqual([
      "It has no ticket types: add at least one below, then publish.",
      "It has already started: change its start to a later time.",
    ]);
  });

  it("names card-paid tickets without an account that can take charges", () => {
    const blockers = publishBlockers(
      { startsAt: "2026-07-01T12:00:00Z", ticketTypeCount: 1, cardsWithoutAccount: true },
      now,
    );
    expect(blockers).toEqual([
      "Connect a Stripe account that can take payments before publishing an event with card-paid tickets (Payments, in the console).",
    ]);
  });

  it("finds nothing in the way of a future event with a ticket type", () => {
    expect(publishBlockers({ startsAt: "2026-07-01T12:00:00Z", ticketTypeCount: 1 }, now)).toEqual(
      [],
    );
  });
});

describe("unpublishBlockers", () => {
  it("refuses once tickets are taken", () => {
    expect(unpublishBlockers(0)).toEqual([]);
    expect(unpublishBlockers(3)).toHaveLength(1);
  });
});
