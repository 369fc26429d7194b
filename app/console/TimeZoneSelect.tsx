import { Select } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import { canonicalTimeZone } from "./time-zones.ts";

type Props = {
  zones: string[];
  defaultValue: string;
  /** A new event: once in the browser, start from the browser's own zone. */
  followBrowser: boolean;
  error?: string;
};

/**
 * The event's IANA time zone; its start, end and sales times are read in it. Over 400
 * zones: typing a city or region narrows the list ("new york", "lisbon").
 */
export function TimeZoneSelect({ zones, defaultValue, followBrowser, error }: Props) {
  const [value, setValue] = useState(defaultValue);
  useEffect(() => {
    if (!followBrowser) return;
    const browserZone = canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
    if (zones.includes(browserZone)) setValue(browserZone);
  }, [followBrowser, zones]);
  const data = useMemo(
    () => zones.map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") })),
    [zones],
  );
  return (
    <Select
      name="timeZone"
      label="Time zone"
      description="Start, end and ticket sales times are in this zone. Type a city to find it."
      data={data}
      value={value}
      onChange={(next) => {
        if (next) setValue(next);
      }}
      searchable
      allowDeselect={false}
      limit={50}
      nothingFoundMessage="No time zone by that name"
      comboboxProps={{ withinPortal: true }}
      error={error}
      required
    />
  );
}
