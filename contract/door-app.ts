/**
 * The installable door app's files at the root of the site (decision 030): the page
 * registers the worker, the build writes both, the server gives them their headers.
 */

/** The door's service worker, registered with the scope `doorScope` only. */
export const doorWorkerPath = "/door-sw.js";

/** The door app's web app manifest. */
export const doorManifestPath = "/door.webmanifest";
