import { doorScope } from "#contract/door-offline.ts";

/**
 * The door pages of an event (decision 030): the desk, the scanner and the typed-code
 * page. The worker keeps these (and their data) so that any of them opens offline once
 * one of them was opened online on the device.
 */
export function doorPageUrls(eventId: string): string[] {
  const id = encodeURIComponent(eventId);
  return [`${doorScope}${id}`, `${doorScope}scanner/${id}`, `${doorScope}ticket_info?event=${id}`];
}

/**
 * The URL React Router's single fetch asks for a page's loader data: the path with
 * `.data` added, the query kept (`/a/b?x=1` → `/a/b.data?x=1`).
 */
export function dataUrlOf(pageUrl: string): string {
  const url = new URL(pageUrl, "http://door.invalid");
  url.pathname = url.pathname.endsWith("/") ? `${url.pathname}_.data` : `${url.pathname}.data`;
  return `${url.pathname}${url.search}`;
}

/**
 * Where the installed door app starts: the typed-code page without an event, which lets a
 * member pick one of today's events. Kept by the warm-up too, so the app opens offline.
 */
export const doorStartUrl = `${doorScope}ticket_info`;

/** Whether a path (no origin) is a door page or its data. */
export function isDoorPath(pathname: string): boolean {
  return pathname.startsWith(doorScope);
}
