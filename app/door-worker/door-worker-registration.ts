import { doorWorkerPath } from "#contract/door-app.ts";
import { doorScope } from "#contract/door-offline.ts";
import type { WarmDoorPages } from "./door-worker-messages.ts";

let watchingUpdates = false;

/**
 * Registers the door worker (scope `doorScope`: no other page is ever controlled by it)
 * and asks it to keep the event's door pages. Production builds only: in development
 * Vite serves modules that no worker could keep. Failures (offline, no worker support)
 * are logged, never thrown: the page works without the worker, only not offline.
 */
export async function startDoorWorker(eventId: string): Promise<void> {
  const container = typeof navigator === "undefined" ? undefined : navigator.serviceWorker;
  if (!container || !import.meta.env.PROD) return;
  const message: WarmDoorPages = { type: "warm-door-pages", eventId };
  watchForUpdate(container, message);
  try {
    await container.register(doorWorkerPath, { scope: doorScope, updateViaCache: "none" });
    const registration = await container.ready;
    registration.active?.postMessage(message);
  } catch (error) {
    console.warn("The door's offline worker could not start:", error);
  }
}

/**
 * A page that an older worker controlled runs the previous build's files: when the new
 * build's worker takes over (it skips waiting), load the page once more so that it runs
 * the new build's files, never a mixture. A page no worker controlled yet (the first
 * install) is already current: it asks the worker that now controls it to keep the
 * event's pages (the warm-up may have gone to the worker it replaced, whose caches it
 * deleted).
 */
function watchForUpdate(container: ServiceWorkerContainer, warm: WarmDoorPages): void {
  if (watchingUpdates) return;
  watchingUpdates = true;
  let controlled = container.controller !== null;
  let reloading = false;
  container.addEventListener("controllerchange", () => {
    if (controlled && !reloading) {
      reloading = true;
      window.location.reload();
    } else if (!controlled) {
      container.controller?.postMessage(warm);
    }
    controlled = true;
  });
}
