import { useEffect, useSyncExternalStore } from "react";
import type { ViewerEvent } from "#contract/viewer.ts";
import { askViewer, subscribeViewer, viewerEventSnapshot } from "./viewer-store.ts";

const nothingYet = () => null;

/**
 * The signed-in person's hold and tickets for the event on screen (decision 032): asked
 * after the shared page has rendered, each time the page is shown; null for a visitor and
 * until the answer comes (the server rendered nothing of it, so hydration matches).
 */
export function useViewerEvent(shortId: string): ViewerEvent | null {
  useEffect(() => askViewer(shortId), [shortId]);
  const part = useSyncExternalStore(subscribeViewer, viewerEventSnapshot, nothingYet);
  return part?.shortId === shortId ? part : null;
}
