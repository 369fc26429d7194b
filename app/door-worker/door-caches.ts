/**
 * The door worker's caches (decision 030). Every name starts with "door-": signing out
 * deletes every such cache (`clearDoorData`, app/door-offline). Both carry the build's
 * version: a new build's worker starts with empty ones and deletes the old, so kept pages
 * never point at assets of another build.
 */
const precachePrefix = "door-precache-";
const pagesPrefix = "door-pages-";

/** The build's files (assets, icons, the web app manifest). */
export const precacheName = (version: string) => `${precachePrefix}${version}`;

/** Door pages, their data and the route discovery answers, as last fetched online. */
export const pagesCacheName = (version: string) => `${pagesPrefix}${version}`;

/** The caches of other builds' workers, to delete once this build's worker is active. */
export function staleDoorCaches(names: readonly string[], version: string): string[] {
  const current = new Set([precacheName(version), pagesCacheName(version)]);
  return names.filter(
    (name) =>
      (name.startsWith(precachePrefix) || name.startsWith(pagesPrefix)) && !current.has(name),
  );
}

/** Other builds' precaches, where an unchanged hashed asset can be copied from. */
export function otherPrecaches(names: readonly string[], version: string): string[] {
  return names.filter((name) => name.startsWith(precachePrefix) && name !== precacheName(version));
}
