import { useState } from "react";
import { Link } from "react-router";
import { shownDates } from "#app/series/series-text.ts";
import { Button } from "#app/ui/Button.tsx";
import { Stack } from "#app/ui/layout.tsx";
import { Badge } from "#app/ui/notices.tsx";
import type { SeriesDate } from "#contract/event-series.ts";
import { formatEventTime } from "#contract/event-time.ts";
import classes from "./SeriesDateList.module.css";

/** Dates shown before "Show all dates": a weekly series runs to a hundred. */
const FIRST_DATES = 8;

/** Dark shades: white badge text on them passes WCAG AA in light and dark. */
const availabilityLooks = {
  available: { label: "Available", color: "#2b6e3a" },
  "few-left": { label: "Few left", color: "#9c4400" },
  "sold-out": { label: "Sold out", color: "#b02525" },
} as const;

/**
 * The other dates of the event's series on its public page (issue 29): each a link to its
 * own page with its availability, this one marked. Nothing personal: the page is shared.
 */
export function SeriesDateList({
  dates,
  currentId,
  timeZone,
}: {
  dates: SeriesDate[];
  /** The page's own date (`SeriesDate.shortId`). */
  currentId: string;
  timeZone: string;
}) {
  const [all, setAll] = useState(false);
  const current = dates.find((d) => d.shortId === currentId);
  const { shown, hidden } = shownDates(dates, current?.eventId ?? "", FIRST_DATES, all);
  return (
    <Stack gap="xs">
      <ul className={classes.list}>
        {shown.map((date) => {
          const look = availabilityLooks[date.availability];
          return (
            <li key={date.eventId} className={classes.row}>
              <Link
                to={date.path}
                className={classes.link}
                aria-current={date.shortId === currentId ? "page" : undefined}
              >
                <time dateTime={date.startsAt}>{formatEventTime(date.startsAt, timeZone)}</time>
                <Badge color={look.color}>{look.label}</Badge>
              </Link>
            </li>
          );
        })}
      </ul>
      {hidden > 0 ? (
        <div>
          <Button variant="default" onClick={() => setAll(true)}>
            {`Show all dates (${dates.length})`}
          </Button>
        </div>
      ) : null}
    </Stack>
  );
}
