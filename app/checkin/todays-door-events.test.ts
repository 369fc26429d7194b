import { describe, expect, it } from "vitest";
import { type TeamEvent, todaysDoorEvents } from "./todays-door-events.ts";

const event = (id: string, startsAt: string, today: boolean): TeamEvent => ({
  id,
  title: `Event ${id}`,
  startsAt,
  endsAt: "2026-07-11T02:00:00.000Z",
  timeZone: "Europe/London",
  venueName: "Hall",
  today,
});

describe("today's events of a member's teams", () => {
  it("keeps today's only, once each across teams, soonest first", () => {
    const late = event("b", "2026-07-10T21:00:00.000Z", true);
    const early = event("a", "2026-07-10T18:00:00.000Z", true);
    const later = event("c", "2026-07-12T18:00:00.000Z", false);
    expect(
      todaysDoorEvents([{ events: [late, later] }, { events: [early, late] }]).map((e) => e.id),
    ).toEqual(["a", "b"]);
    expect(todaysDoorEvents([{ events: [later] }])).toEqual([]);
  });
});
