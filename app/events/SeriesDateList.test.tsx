import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { theme } from "#app/theme.ts";
import type { SeriesDate } from "#contract/event-series.ts";
import { SeriesDateList } from "./SeriesDateList.tsx";

const date = (n: number, extra: Partial<SeriesDate> = {}): SeriesDate => ({
  eventId: `e${n}`,
  shortId: `s${n}`,
  path: `/gig-s${n}`,
  startsAt: `2027-01-${String(n).padStart(2, "0")}T19:00:00.000Z`,
  endsAt: `2027-01-${String(n).padStart(2, "0")}T22:00:00.000Z`,
  status: "published",
  remaining: 10,
  availability: "available",
  ...extra,
});

function render(dates: SeriesDate[], currentId: string): string {
  const router = createMemoryRouter([
    {
      path: "/",
      element: <SeriesDateList dates={dates} currentId={currentId} timeZone="Europe/London" />,
    },
  ]);
  return renderToString(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

const links = (html: string) => html.match(/<a [^>]*>/g) ?? [];

describe("the public page's dates of a series", () => {
  it("links each date to its page with its availability, the current one marked", () => {
    const html = render(
      [
        date(1),
        date(8, { remaining: 2, availability: "few-left" }),
        date(15, { remaining: 0, availability: "sold-out" }),
      ],
      "s8",
    );
    expect(links(html).map((a) => a.match(/href="([^"]+)"/)?.[1])).toEqual([
      "/gig-s1",
      "/gig-s8",
      "/gig-s15",
    ]);
    expect(links(html).filter((a) => a.includes('aria-current="page"'))).toEqual([
      expect.stringContaining('href="/gig-s8"'),
    ]);
    expect(html).toContain("1 Jan 2027, 19:00");
    expect(html.indexOf("Available")).toBeLessThan(html.indexOf("Few left"));
    expect(html.indexOf("Few left")).toBeLessThan(html.indexOf("Sold out"));
    expect(html).not.toContain("Show all dates");
  });

  it("shows eight of a long series with a way to show them all", () => {
    const dates = Array.from({ length: 12 }, (_, i) => date(i + 1));
    const html = render(dates, "s1");
    expect(links(html)).toHaveLength(8);
    expect(html).toContain("Show all dates (12)");
  });
});
