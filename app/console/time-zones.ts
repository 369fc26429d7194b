/**
 * The time zones the editor offers, computed by the server for the loader so that the
 * page and the browser render the same list (runtimes' lists differ slightly). A zone an
 * event already uses stays in the list even if this runtime lacks it.
 */
export function timeZoneChoices(current?: string): string[] {
  const zones = new Set(Intl.supportedValuesOf("timeZone"));
  zones.add("UTC");
  if (current) zones.add(current);
  return [...zones].sort();
}

/** The zone a new event starts with on the server, before the browser says where it is. */
export const fallbackTimeZone = "Europe/London";
