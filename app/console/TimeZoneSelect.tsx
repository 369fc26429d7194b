import { NativeSelect } from "@mantine/core";
import { useEffect, useState } from "react";

type Props = {
  zones: string[];
  defaultValue: string;
  /** A new event: once in the browser, start from the browser's own zone. */
  followBrowser: boolean;
  error?: string;
};

/** The event's IANA time zone; its start, end and sales times are read in it. */
export function TimeZoneSelect({ zones, defaultValue, followBrowser, error }: Props) {
  const [value, setValue] = useState(defaultValue);
  useEffect(() => {
    if (!followBrowser) return;
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zones.includes(browserZone)) setValue(browserZone);
  }, [followBrowser, zones]);
  return (
    <NativeSelect
      name="timeZone"
      label="Time zone"
      description="Start, end and ticket sales times are in this zone."
      data={zones}
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      error={error}
      required
    />
  );
}
