import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { theme } from "#app/theme.ts";
import { EventReport } from "./EventReport.tsx";

const event = {
  id: "e1",
  title: "Night of Tests",
  venueName: "The Hall",
  startsAt: "2026-07-10T18:00:00.000Z",
  endsAt: "2026-07-10T22:00:00.000Z",
  timeZone: "Europe/London",
  status: "published",
  sold: 5,
  checkedIn: 3,
  notYetIn: 2,
  undone: 1,
  conflicts: 0,
  bucketMinutes: 15,
  overTime: [
    { start: "2026-07-10T19:00", label: "19:00", count: 2 },
    { start: "2026-07-10T19:15", label: "19:15", count: 0 },
    { start: "2026-07-10T19:30", label: "19:30", count: 1 },
  ],
  byType: [{ name: "Standing", sold: 5, checkedIn: 3, notYetIn: 2 }],
  byStaff: [{ name: "Stan Staff", checkIns: 3, scans: 2, manual: 1 }],
};

const render = (e: typeof event) =>
  renderToString(
    <MantineProvider theme={theme}>
      <EventReport event={e} />
    </MantineProvider>,
  );

describe("one event of the team report, rendered on the server", () => {
  afterEach(() => vi.restoreAllMocks());

  it("renders the chart's box without error and every figure in tables", () => {
    const errors = vi.spyOn(console, "error");
    const html = render(event);
    expect(errors).not.toHaveBeenCalled();
    expect(html).toContain('data-testid="check-in-chart"');
    expect(html).toContain("recharts-wrapper");
    expect(html).toContain("Check-ins per 15 minutes, Europe/London time");
    expect(html).toMatch(/<th[^>]*>19:30<\/th><td[^>]*>1<\/td>/);
    expect(html).toContain("1 undone check-in not counted");
    expect(html).toMatch(
      /<th[^>]*>Stan Staff<\/th><td[^>]*>3<\/td><td[^>]*>2<\/td><td[^>]*>1<\/td>/,
    );
  });

  it("calls the guests still expected 'Not yet in', not 'Remaining' (unsold capacity)", () => {
    const html = render(event);
    expect(html).toMatch(/data-testid="report-not-yet-in"[^>]*>2<\/p>.*Not yet in</);
    expect(html).toContain("Tickets sold, checked in and not yet in by type");
    expect(html).toMatch(/<th[^>]*>Not yet in<\/th>/);
    expect(html).toMatch(/<th[^>]*>Standing<\/th><td[^>]*>5<\/td><td[^>]*>3<\/td><td[^>]*>2<\/td>/);
    expect(html).not.toMatch(/remaining/i);
  });

  it("counts offline entries that could not stand, and says nothing of none", () => {
    expect(render(event)).not.toContain("report-conflicts");
    const html = render({ ...event, conflicts: 2 });
    expect(html).toContain("2 offline entries that could not stand");
  });

  it("says so when nobody has checked in, with no chart", () => {
    const html = render({ ...event, checkedIn: 0, undone: 0, overTime: [], byStaff: [] });
    expect(html).not.toContain("check-in-chart");
    expect(html).toContain("Nobody has checked in yet.");
    expect(html).toContain("No check-ins by anyone yet.");
  });
});
