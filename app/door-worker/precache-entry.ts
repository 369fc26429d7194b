/**
 * One file of the client build the door worker keeps (decision 030): its URL and the
 * hash of its content. The build step (vite.door-worker.ts) writes the list into the
 * worker; a build whose files differ makes a different worker, which the browser installs
 * as an update.
 */
export type PrecacheEntry = { url: string; revision: string };

/**
 * Vite names these by their content hash: a URL already kept by an older build's worker
 * holds the same bytes, so an update copies it instead of downloading it again.
 */
export const isHashedAsset = (url: string) => url.startsWith("/assets/");
