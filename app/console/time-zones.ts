/**
 * Names the ICU data of Node and Chromium still lists (`Intl.supportedValuesOf`) for zones
 * the IANA database has since renamed: the editor offers the current names. Both names
 * work everywhere (`Intl` accepts either), so events saved under an old one keep it.
 */
const renamedZones: Record<string, string> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

/** The current IANA name of `zone` (the browser may report either). */
export function canonicalTimeZone(zone: string): string {
  return renamedZones[zone] ?? zone;
}

/**
 * The time zones the editor offers, computed by the server for the loader so that the
 * page and the browser render the same list (runtimes' lists differ slightly), under
 * their current names. A zone an event already uses stays in the list as it is.
 */
export function timeZoneChoices(current?: string): string[] {
  const zones = new Set(Intl.supportedValuesOf("timeZone").map(canonicalTimeZone));
  zones.add("UTC");
  if (current) zones.add(current);
  return [...zones].sort();
}

/** The zone a new event starts with on the server, before the browser says where it is. */
export const fallbackTimeZone = "Europe/London";
